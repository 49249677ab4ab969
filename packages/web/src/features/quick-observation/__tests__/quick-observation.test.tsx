import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QuickObservationPage from '../components/quick-observation-page';
import { renderRoutes } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { db } from '../../../offline/db';
import { rememberPlace } from '../../../lib/last-place';
import { readRememberedProblems } from '../lib/remembered-problems';
import { field, observation, placeApi, template } from './fixtures';
import { http, HttpResponse } from 'msw';
import { API } from '../../../testing/msw-server';
import { i18n } from '../../../lib/i18n';

/** The library as a Spanish reader gets it: English names (the stored key) with names in Spanish. */
const libraryEs = [
  { name: 'Aphids', display_name: 'Pulgones', slug: 'aphids' },
  { name: 'Two-spotted spider mite', display_name: 'Araña roja', slug: 'two-spotted-spider-mite' },
  { name: 'Broad mite', display_name: 'Ácaro blanco', slug: 'broad-mite' },
].map((p, i) => ({
  problem_id: i + 1, company_id: null, category: 'pest', category_label: 'Plaga', description: '', symptoms_text: '', symptoms: [], color_symptoms: [],
  default_color: null, solutions: { cultural: [], biological: [], chemical: [] }, custom_solutions: [], ...p,
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  vi.restoreAllMocks();
  server.resetHandlers();
  localStorage.clear();
  // Everything saved on the "device" (rooms, forms, the queue) goes with the test.
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterAll(() => server.close());

const scouting = template(90, 'Scouting', 'scouting', [
  field(1, 'Problem seen', 'problem'),
  field(2, 'Severity', 'severity'),
  field(3, 'Photo', 'photo'),
  field(4, 'Notes', 'text'),
]);
const recent = [
  observation(1, 'Thrips'), observation(2, 'Aphids'), observation(3, 'Thrips'), observation(4, 'thrips '), observation(5, 'Powdery mildew'), observation(6, 'Aphids'),
  // Older than 30 days: not counted.
  observation(7, 'Leaf miner', '2026-01-05T08:00:00.000Z'), observation(8, 'Leaf miner', '2026-01-05T08:00:00.000Z'), observation(9, 'Leaf miner', '2026-01-05T08:00:00.000Z'),
];

function start() {
  signInAs({ userId: 7, companyId: 3 });
  rememberPlace(3, 7, { kind: 'box', id: 2100002, label: 'Mother A · Bay 1 › Grid A' });
  const api = placeApi([template(80, 'Other form', null, [field(9, 'Issue', 'problem', { TemplateID: 80 })]), scouting], recent);
  const view = renderRoutes([{ path: '/dashboard/quick-observation', element: <QuickObservationPage /> }], '/dashboard/quick-observation');
  return { api, user: userEvent.setup(), unmount: view.unmount };
}

describe('quick observation', () => {
  it("offers the company's most-seen problems of the last 30 days, severity 1–5 by tap, and saves through the default scouting form", async () => {
    const { api, user } = start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick observation' })).toBeInTheDocument();
    expect(screen.getByTestId('quick-place')).toHaveTextContent('Mother A · Bay 1 › Grid A');
    const problems = screen.getByRole('group', { name: 'Problem seen' });
    await waitFor(() => expect(within(problems).getAllByRole('button').map((b) => b.textContent)).toEqual(['Thrips', 'Aphids', 'Powdery mildew', 'Other…']));
    const query = api.writes.find((w) => w.path === 'get_problem_observations')!.body as Record<string, string>;
    // No date in the read: the device's copy answers offline on any later day; the 30 days are counted here.
    expect(query).toEqual({ company_id: '3', limit: '200', offset: '0' });

    const severity = screen.getByRole('group', { name: /^Severity/ });
    expect(within(severity).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(problems).getByRole('button', { name: 'Thrips' }));
    await user.click(within(severity).getByRole('button', { name: '4' }));
    expect(within(severity).getByRole('button', { name: '4' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Save observation' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Saved');
    expect(status).toHaveTextContent('Thrips, severity 4, at Mother A · Bay 1 › Grid A');
    expect(api.writes.filter((w) => w.path === 'submit_form')).toEqual([
      {
        path: 'submit_form',
        body: expect.objectContaining({ GridBoxID: 2100002, templateID: 90, submittedBy: 7, fieldResponses: [{ fieldID: 1, inputData: 'Thrips' }, { fieldID: 2, inputData: '4' }] }),
      },
    ]);
    // Ready for the next one: the choices are cleared, the place stays.
    expect(within(problems).getByRole('button', { name: 'Thrips' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('quick-place')).toHaveTextContent('Mother A');
  });

  it('asks for the problem before saving', async () => {
    const { api, user } = start();
    await user.click(await screen.findByRole('button', { name: 'Save observation' }));
    expect(await screen.findByText('Tap the problem you see.')).toBeInTheDocument();
    expect(api.writes.filter((w) => w.path === 'submit_form')).toEqual([]);
  });

  it('offline, keeps the observation on the device and says it will send when online', async () => {
    const { api, user } = start();
    const problems = await screen.findByRole('group', { name: 'Problem seen' });
    await within(problems).findByRole('button', { name: 'Aphids' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(within(problems).getByRole('button', { name: 'Other…' }));
    await user.type(screen.getByRole('textbox', { name: 'Problem' }), 'Spider mites');
    await user.click(screen.getByRole('button', { name: 'Save (sends when online)' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Queued — will send when online');
    expect(status).toHaveTextContent('Spider mites at Mother A · Bay 1 › Grid A');
    expect(api.writes.filter((w) => w.path === 'submit_form')).toEqual([]);
    const queued = await db.offlineFormResponses.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ GridBoxID: 2100002, SubmittedBy: 7 });
    const answers = await db.offlineFieldResponses.where('tempResponseID').equals(queued[0]!.tempResponseID).toArray();
    expect(answers.map((a) => [a.FieldID, a.InputData])).toEqual([[1, 'Spider mites']]);
  });

  it('offline, offers the most-seen problems last counted online', async () => {
    const first = start();
    const problems = await screen.findByRole('group', { name: 'Problem seen' });
    await within(problems).findByRole('button', { name: 'Aphids' });
    expect(readRememberedProblems(3)).toEqual(['Thrips', 'Aphids', 'Powdery mildew']);
    first.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoutes([{ path: '/dashboard/quick-observation', element: <QuickObservationPage /> }], '/dashboard/quick-observation');
    const offline = await screen.findByRole('group', { name: 'Problem seen' });
    expect(within(offline).getAllByRole('button').map((b) => b.textContent)).toEqual(['Thrips', 'Aphids', 'Powdery mildew', 'Other…']);
    expect(screen.getByRole('button', { name: 'Save (sends when online)' })).toBeInTheDocument();
  });

  it('cold offline, counts the most-seen problems from the device’s copy and finds a problem by part of its name in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      const first = start();
      // After placeApi's catch-all, so that it answers first.
      server.use(http.get(`${API}/plant_problems/load_plant_problems`, () => HttpResponse.json({ status: 'success', problems: libraryEs })));
      // Online once (as the offline fill does): the reads are kept on the device.
      const online = await screen.findByRole('group', { name: 'Problem seen' });
      await within(online).findByRole('button', { name: 'Pulgones' });
      first.unmount();
      localStorage.removeItem('verdant.topProblems.3');

      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const user = userEvent.setup();
      renderRoutes([{ path: '/dashboard/quick-observation', element: <QuickObservationPage /> }], '/dashboard/quick-observation');
      const problems = await screen.findByRole('group', { name: 'Problem seen' });
      await waitFor(() => expect(within(problems).getAllByRole('button').map((b) => b.textContent)).toEqual(['Thrips', 'Pulgones', 'Powdery mildew', 'Otro…']));

      await user.click(within(problems).getByRole('button', { name: 'Otro…' }));
      await user.type(screen.getByRole('textbox', { name: 'Problema' }), 'arana');
      const found = screen.getByRole('list', { name: 'Problemas que coinciden' });
      expect(within(found).getAllByRole('button').map((b) => b.textContent)).toEqual(['Araña roja']);
      await user.click(within(found).getByRole('button', { name: 'Araña roja' }));
      await user.click(screen.getByRole('button', { name: 'Guardar (se envía con conexión)' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Araña roja');
      const queued = await db.offlineFormResponses.toArray();
      const answers = await db.offlineFieldResponses.where('tempResponseID').equals(queued[0]!.tempResponseID).toArray();
      // Stored by the library's English name, the key observations are matched by.
      expect(answers.map((a) => [a.FieldID, a.InputData])).toEqual([[1, 'Two-spotted spider mite']]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('without a place, asks for one first', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = placeApi([scouting], recent);
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/quick-observation', element: <QuickObservationPage /> }], '/dashboard/quick-observation');
    expect(await screen.findByText('No place yet — scan a label or choose')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Thrips' }));
    await user.click(screen.getByRole('button', { name: 'Save observation' }));
    expect(await screen.findByText('Choose the place first: scan its label or choose it.')).toBeInTheDocument();
    expect(api.writes.filter((w) => w.path === 'submit_form')).toEqual([]);
  });
});
