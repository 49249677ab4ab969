import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw-server';
import { makeRoom } from '../../../testing/room-fixtures';
import { DAY_MS } from '@verdant/contract';

const T = '2026-01-05T08:00:00.000Z';

export const field = (FieldID: number, FieldName: string, FieldType: string, extra: Record<string, unknown> = {}) => ({
  FieldID, TemplateID: 90, FieldName, FieldType, FieldOptions: [], IsRequired: false, IsActive: true, CSSClass: '', report_id: null, Position: FieldID, HideUntil: null, ...extra,
});

export const template = (TemplateID: number, TemplateName: string, DefaultForType: string | null, fields: unknown[]) => ({
  TemplateID, TemplateName, CompanyID: 3, CreatedAt: T, UpdatedAt: T, FormCategory: DefaultForType ?? 'scouting', PageCSS: '', DefaultForType, DeletedAt: null, fields,
});

/** Seen yesterday: inside the 30 days quick observation counts over. */
const RECENT = new Date(Date.now() - DAY_MS).toISOString();

export const observation = (ProblemID: number, Problem: string, ObservedAt = RECENT) => ({
  ProblemID, Problem, Severity: 3, Status: 'open', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Grid A', GridBoxID: 2100001, BoxName: '1,1',
  ResponseID: 1, ObservedAt, ObservedBy: 7, ObservedByName: 'Sam', Source: 'form', photos: [],
});

/**
 * The API of a company with one room (4 × 3 boxes) and the given templates; each submit is recorded.
 * Anything else answers 404.
 */
export function placeApi(templates: unknown[], observations: unknown[] = []) {
  const writes: Array<{ path: string; body: unknown }> = [];
  const room = makeRoom({ nx: 4, ny: 3 });
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.get(`${API}/get_form_templates`, () => HttpResponse.json({ status: 'success', templates })),
    http.get(`${API}/get_problem_observations`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      writes.push({ path: 'get_problem_observations', body: Object.fromEntries(q) });
      return HttpResponse.json({ status: 'success', total_count: observations.length, limit: 200, offset: 0, observations });
    }),
    http.post(`${API}/submit_form`, async ({ request }) => {
      writes.push({ path: 'submit_form', body: await request.json() });
      return HttpResponse.json({ status: 'success', message: 'Form submitted.', response_id: 501, TemplateID: 90, observations_created: 1 });
    }),
    http.post(`${API}/submit_form_room`, async ({ request }) => {
      writes.push({ path: 'submit_form_room', body: await request.json() });
      return HttpResponse.json({ status: 'success', message: 'Form submitted.', response_id: 502, TemplateID: 90, observations_created: 0 });
    }),
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return { writes, room };
}
