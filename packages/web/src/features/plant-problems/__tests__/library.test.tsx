import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PlantProblemsPage from '../components/plant-problems-page';
import { renderRoutes } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { mapping } from './fixtures';
import { problemsApi } from './handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const render = (path = '/dashboard/plantsProblems') =>
  renderRoutes([{ path: '/dashboard/plantsProblems', element: <PlantProblemsPage /> }], path);
const names = () => within(screen.getByRole('list', { name: 'Plant problems' })).getAllByRole('heading').map((h) => h.textContent);

describe('plant-problem library', () => {
  it('lists every problem with the company colour where mapped, else the library colour', async () => {
    signInAs({ role: 'Regular' });
    problemsApi({ mappings: [mapping('western flower THRIPS', '#123456', 'WFT')] });
    render();
    expect(await screen.findByText('3 of 3 problems')).toBeInTheDocument();
    expect(names()).toEqual(['Western flower thrips', 'Powdery mildew', 'Green peach aphid']);
    await screen.findByText('Our map colour #123456');
    expect(screen.getAllByText('Library colour #F57C00')).toHaveLength(1);
    expect(screen.getByText('1 own solution')).toBeInTheDocument();
  });

  it('search narrows by name, description and symptoms, and the kind filter narrows further', async () => {
    signInAs({ role: 'Regular' });
    problemsApi();
    const user = userEvent.setup();
    render();
    await screen.findByText('3 of 3 problems');
    await user.type(screen.getByLabelText('Search'), 'honeydew');
    expect(names()).toEqual(['Green peach aphid']);
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'white coating');
    expect(names()).toEqual(['Powdery mildew']);
    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Kind'), 'Insect');
    expect(names()).toEqual(['Western flower thrips', 'Green peach aphid']);
    await user.type(screen.getByLabelText('Search'), 'zzz');
    expect(screen.getByText('No problem matches')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('3 of 3 problems')).toBeInTheDocument();
  });

  it('filters by symptom group and symptom through the server, and by colour symptom', async () => {
    signInAs({ role: 'Regular' });
    const api = problemsApi();
    const user = userEvent.setup();
    render();
    await screen.findByText('3 of 3 problems');
    await waitFor(() => expect(screen.getByLabelText('Where on the plant')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Where on the plant'), 'Leaves');
    await waitFor(() => expect(names()).toEqual(['Western flower thrips', 'Powdery mildew']));
    expect(api.filters.at(-1)).toEqual({ symptom_group_id: '1' });
    await user.selectOptions(screen.getByLabelText('Symptom'), 'White powdery coating');
    await waitFor(() => expect(names()).toEqual(['Powdery mildew']));
    expect(api.filters.at(-1)).toEqual({ symptom_group_id: '1', symptom_id: '21' });
    await user.selectOptions(screen.getByLabelText('Where on the plant'), 'Anywhere');
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Silvering', pressed: false }));
    expect(names()).toEqual(['Western flower thrips']);
    expect(screen.getByRole('button', { name: 'Silvering' })).toHaveAttribute('aria-pressed', 'true');
  });
});
