import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import ProblemDetailPage from '../components/problem-detail-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { mapping } from './fixtures';
import { problemsApi } from './handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const render = (id = 1) =>
  renderRoutes([{ path: '/dashboard/plantsProblems/:problemID', element: <ProblemDetailPage /> }], `/dashboard/plantsProblems/${id}`);
const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

describe('plant-problem detail', () => {
  it('shows the three IPM groups, the label note once, and the company’s own solutions', async () => {
    signInAs({ role: 'Regular' });
    problemsApi();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: /Western flower thrips/ })).toBeInTheDocument();
    expect(within(section('Cultural')).getByText('Scout Western flower thrips weekly')).toBeInTheDocument();
    expect(within(section('Biological')).getByText('Release predators against Western flower thrips')).toBeInTheDocument();
    const chemical = section('Chemical');
    expect(within(chemical).getByText('Spray for Western flower thrips where registered')).toBeInTheDocument();
    expect(within(chemical).getByRole('alert')).toHaveTextContent(/Follow the product label and local regulations/);
    expect(within(chemical).queryByText(/^Follow the label and local regulations;/)).not.toBeInTheDocument();
    expect(within(section('Our solutions')).getByText('Swirskii sachets every 2 weeks')).toBeInTheDocument();
    expect(screen.getByText('Silvering')).toBeInTheDocument();
  });

  it('lets an admin add the company’s solution (form field custom_solution)', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    const api = problemsApi();
    const user = userEvent.setup();
    render();
    const ours = await waitFor(() => section('Our solutions'));
    await user.click(within(ours).getByRole('button', { name: 'Add our solution' }));
    expect(within(ours).getByText('Write the solution before adding it.')).toBeInTheDocument();
    expect(api.solutions).toHaveLength(0);
    await user.type(within(ours).getByLabelText('Our solution'), '  Spinosad at 0.4 ml/l, max 3 times  ');
    await user.click(within(ours).getByRole('button', { name: 'Add our solution' }));
    expect(await within(ours).findByText('Spinosad at 0.4 ml/l, max 3 times')).toBeInTheDocument();
    expect(api.solutions[0]).toEqual({ query: { company_id: '3', problem_id: '1' }, body: { custom_solution: 'Spinosad at 0.4 ml/l, max 3 times' } });
    expect(within(ours).getByLabelText('Our solution')).toHaveValue('');
  });

  it('shows a regular user the solutions and the colour read-only', async () => {
    signInAs({ role: 'Regular' });
    problemsApi({ mappings: [mapping('Western flower thrips', '#123456', 'WFT')] });
    render();
    const ours = await waitFor(() => section('Our solutions'));
    expect(within(ours).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(ours).queryByRole('button')).not.toBeInTheDocument();
    const colour = section('Colour on the room map');
    expect(await within(colour).findByText('Our colour #123456')).toBeInTheDocument();
    expect(within(colour).getByText('Abbreviation WFT')).toBeInTheDocument();
    expect(within(colour).getByText('Only admins can change the colour.')).toBeInTheDocument();
    expect(within(colour).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets an admin edit the colour and abbreviation, and remove them after confirming', async () => {
    signInAs({ role: 'SuperAdmin', companyId: 3 });
    const api = problemsApi({ mappings: [mapping('Western flower thrips', '#123456', 'WFT')] });
    const user = userEvent.setup();
    render();
    const colour = await waitFor(() => section('Colour on the room map'));
    await within(colour).findByText('Our colour #123456');
    await user.click(within(colour).getByRole('button', { name: 'Edit' }));
    const hex = within(colour).getByLabelText('Colour code');
    await user.clear(hex);
    await user.type(hex, '#ab12cd');
    const abbr = within(colour).getByLabelText('Abbreviation');
    await user.clear(abbr);
    await user.type(abbr, 'thr');
    await user.click(within(colour).getByRole('button', { name: 'Save colour' }));
    expect(await within(colour).findByText('Our colour #AB12CD')).toBeInTheDocument();
    expect(api.mapped[0]).toEqual({ query: { company_id: '3' }, body: { problem: 'Western flower thrips', color: '#AB12CD', abbreviation: 'THR' } });

    await user.click(within(colour).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the colour of Western flower thrips?' });
    expect(dialog).toHaveTextContent('drawn in its library colour again');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(colour).findByText(/Library colour #F57C00/)).toBeInTheDocument();
    expect(api.deleted).toEqual([{ company_id: 3, problem: 'Western flower thrips' }]);
  });

  it('says so when the problem does not exist', async () => {
    signInAs({ role: 'Regular' });
    problemsApi();
    render(999);
    expect(await screen.findByText('Problem not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All problems' })).toHaveAttribute('href', '/dashboard/plantsProblems');
  });

  it('shows the EPPO code and lets an admin set the company’s own, checked before sending (issue 22)', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    problemsApi();
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/plant_problems/set_eppo_code`, async ({ request }) => {
        const body = (await request.json()) as { eppo_code: string };
        sent.push({ query: Object.fromEntries(new URL(request.url).searchParams), body });
        return HttpResponse.json({ status: 'success', message: 'EPPO code saved.', problem_id: 1, eppo_code: body.eppo_code || null });
      }),
    );
    const user = userEvent.setup();
    render();
    const card = await waitFor(() => section('EPPO code'));
    expect(within(card).getByText('No EPPO code.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Change the code' }));
    await user.type(within(card).getByLabelText(/^EPPO code/), 'FRA');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText('Enter 5 or 6 capital letters or digits, e.g. TETRUR, or leave it blank.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(card).getByLabelText(/^EPPO code/), 'noc');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('EPPO code saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ query: { company_id: '3', problem_id: '1' }, body: { eppo_code: 'FRANOC' } }]);
  });
});
