import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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

const render = () => renderRoutes([{ path: '/dashboard/plantsProblems', element: <PlantProblemsPage /> }], '/dashboard/plantsProblems?tab=colors');

describe('map colours tab', () => {
  it('lists, adds, edits and deletes mappings as an admin', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    const api = problemsApi({ mappings: [mapping('Powdery mildew', '#111111', 'PM')] });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Map colours' });
    expect(within(list).getByText('Powdery mildew')).toBeInTheDocument();
    expect(within(list).getByText(/#111111 · PM · library #9E9E9E/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a colour' }));
    const add = await screen.findByRole('dialog', { name: 'Add a map colour' });
    await user.click(within(add).getByRole('button', { name: 'Save colour' }));
    expect(within(add).getByText('Problem is required')).toBeInTheDocument();
    await user.type(within(add).getByLabelText(/^Problem/), 'Green peach aphid');
    await user.click(within(add).getByRole('button', { name: 'Save colour' }));
    expect(await screen.findByText('Green peach aphid')).toBeInTheDocument();
    expect(api.mapped[0]!.body).toEqual({ problem: 'Green peach aphid', color: '#2E7D32', abbreviation: 'GPA' });

    await user.click(screen.getByRole('button', { name: 'Edit the colour of Powdery mildew' }));
    const edit = await screen.findByRole('dialog', { name: 'Colour of Powdery mildew' });
    expect(within(edit).queryByLabelText(/^Problem/)).not.toBeInTheDocument();
    await user.clear(within(edit).getByLabelText('Abbreviation'));
    await user.type(within(edit).getByLabelText('Abbreviation'), 'pmx');
    await user.click(within(edit).getByRole('button', { name: 'Save colour' }));
    expect(await screen.findByText(/#111111 · PMX/)).toBeInTheDocument();
    expect(api.mapped[1]!.body).toEqual({ problem: 'Powdery mildew', color: '#111111', abbreviation: 'PMX' });

    await user.click(screen.getByRole('button', { name: 'Remove the colour of Powdery mildew' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the colour of Powdery mildew?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Problem colour mapping deleted.');
    expect(screen.queryByText(/#111111/)).not.toBeInTheDocument();
  });

  it('shows a regular user the colours without edit buttons', async () => {
    signInAs({ role: 'Regular' });
    problemsApi({ mappings: [mapping('Powdery mildew', '#111111', 'PM')] });
    render();
    await screen.findByRole('list', { name: 'Map colours' });
    expect(screen.getByText('Only admins can change map colours. You can see them here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Remove|Add a colour/ })).not.toBeInTheDocument();
  });
});
