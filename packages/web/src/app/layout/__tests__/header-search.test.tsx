import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { renderRoutes } from '../../../testing/render';
import { HeaderSearch } from '../header-search';
import { paths } from '../../../lib/paths';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const suggestions = [
  { type: 'plant', id: 1, label: 'PLT-0001', sublabel: 'Flower · Bench A · 1,1', plant_uid: 'PLT-0001', RoomID: 4, GridID: 5, GridBoxID: 6 },
  { type: 'batch', id: 9, label: 'PLT-BATCH', sublabel: 'Vegetative · Tomato', BatchID: 9 },
];

describe('HeaderSearch', () => {
  it('suggests after 2 characters and opens the chosen one with the arrow keys and Enter', async () => {
    signInAs({ companyId: 3 });
    const queries: string[] = [];
    server.use(
      http.get(`${API}/search_plants_autocomplete`, ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('query')!);
        return HttpResponse.json({ status: 'success', suggestions, total_suggestions: 2 });
      }),
    );
    const { router } = renderRoutes(
      [
        { path: '/dashboard', element: <HeaderSearch /> },
        { path: '/dashboard/batch-info/:id', element: <p>batch page</p> },
      ],
      '/dashboard',
    );
    const user = userEvent.setup();
    const box = (await screen.findAllByRole('combobox'))[0]!;
    await user.type(box, 'p');
    expect(queries).toEqual([]);
    await user.type(box, 'lt');

    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('PLT-0001'), expect.stringContaining('PLT-BATCH')]);
    expect(queries).toEqual(['plt']);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/batch-info/9'));
  });
});

describe('HeaderSearch problems', () => {
  it('shows a plant problem as a Problem and opens its detail page', async () => {
    signInAs({ companyId: 3 });
    server.use(
      http.get(`${API}/search_plants_autocomplete`, () =>
        HttpResponse.json({
          status: 'success',
          suggestions: [{ type: 'problem', id: 12, label: 'Western flower thrips', sublabel: 'Insect', ProblemID: 12 }],
          total_suggestions: 1,
        }),
      ),
    );
    const { router } = renderRoutes(
      [
        { path: '/dashboard', element: <HeaderSearch /> },
        { path: paths.plantProblem(':problemId'), element: <p>problem page</p> },
      ],
      '/dashboard',
    );
    const user = userEvent.setup();
    await user.type((await screen.findAllByRole('combobox'))[0]!, 'thrips');
    const option = await screen.findByRole('option');
    expect(option).toHaveTextContent('Problem');
    expect(option).toHaveTextContent('Western flower thrips');
    expect(option).toHaveTextContent('Insect');
    await user.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.plantProblem(12)));
  });
});
