import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { searchHitPath, searchPlants, searchPlantsAutocomplete } from '../search';
import { paths } from '../../lib/paths';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('search client rules', () => {
  it('answers empty suggestions without a request for a short query or no company', async () => {
    // onUnhandledRequest: 'error' fails the test if any of these reached the network.
    expect(await searchPlantsAutocomplete(3, ' a ')).toEqual({ suggestions: [], total_suggestions: 0 });
    expect(await searchPlantsAutocomplete(3, '')).toEqual({ suggestions: [], total_suggestions: 0 });
    expect(await searchPlantsAutocomplete(null, 'plant')).toEqual({ suggestions: [], total_suggestions: 0 });
  });

  it('sends the trimmed query with limit 10 and the include flags true by default', async () => {
    signInAs();
    let seen: URLSearchParams | null = null;
    server.use(
      http.get(`${API}/search_plants_autocomplete`, ({ request }) => {
        seen = new URL(request.url).searchParams;
        return HttpResponse.json({
          status: 'success',
          suggestions: [{ type: 'plant', id: 1, label: 'PLT-1', sublabel: 'Room', plant_uid: 'PLT-1', RoomID: 4, GridID: 5, GridBoxID: 6 }],
          total_suggestions: 1,
        });
      }),
    );
    const res = await searchPlantsAutocomplete(3, '  pl ');
    expect(res.total_suggestions).toBe(1);
    expect(Object.fromEntries(seen!)).toEqual({
      company_id: '3', query: 'pl', limit: '10', include_gridboxes: 'true', include_subgridboxes: 'true', include_batches: 'true', include_problems: 'true',
    });
  });

  it('normalises an unknown search type to auto and needs a term and a company', async () => {
    signInAs();
    let type: string | null = null;
    server.use(
      http.get(`${API}/search_plants`, ({ request }) => {
        type = new URL(request.url).searchParams.get('search_type');
        return HttpResponse.json({ status: 'success', results: [] });
      }),
    );
    expect(await searchPlants(3, 'tomato', 'strain')).toEqual([]);
    expect(type).toBe('auto');
    await searchPlants(3, 'tomato', 'crop');
    expect(type).toBe('crop');
    await expect(searchPlants(3, '  ')).rejects.toThrow();
    await expect(searchPlants(null, 'tomato')).rejects.toThrow();
  });

  it('opens a plant or box in its room and a batch on its page', () => {
    expect(searchHitPath({ type: 'gridbox', id: 6, label: 'A', sublabel: null, RoomID: 4, GridBoxID: 6 })).toBe('/dashboard/rooms/4');
    expect(searchHitPath({ type: 'batch', id: 9, label: 'B', sublabel: null, BatchID: 9 })).toBe('/dashboard/batch-info/9');
    expect(searchHitPath({ type: 'plant', id: 1, label: 'P', sublabel: null, RoomID: null })).toBeNull();
    expect(searchHitPath({ type: 'problem', id: 12, label: 'Trips occidental de las flores', sublabel: 'Insecto', ProblemID: 12 })).toBe(paths.plantProblem(12));
  });
});
