import { http, HttpResponse } from 'msw';
import { API } from '../../testing/msw-server';
import { batchPlantsColumns } from '@verdant/contract';
import { makeRoom } from '../../testing/room-fixtures';

type Room = ReturnType<typeof makeRoom>;

/** One batch as /get_batches answers it. */
export const BATCH = {
  BatchID: 5,
  BatchNumber: 'B-005',
  NumberOfPlants: 100,
  StrainName: 'Basil',
  BatchStatus: 'Vegetative',
  Color: '#2f855a',
  company_id: 3,
  PreBooks: 10,
  StartDate: '2026-01-05',
  EndDate: '2026-03-02',
  Harvested: false,
  HarvestedAt: null,
  HarvestedBy: null,
  HarvestWetWeight: null,
  HarvestDryWeight: null,
  HarvestUnit: null,
  CreatedAt: '2026-01-05T08:00:00.000Z',
  UpdatedAt: '2026-01-05T08:00:00.000Z',
};

const T = '2026-01-05T08:00:00.000Z';

export const THUMB_URL = '/api/image?key=companies%2F3%2Fresponses%2F9%2Fthumb.jpg';
/** An open observation with one photo. */
export const OBSERVATION = {
  ProblemID: 90, Problem: 'Aphids', Severity: 3, Status: 'open',
  RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Grid A', GridBoxID: 2_100_001, BoxName: '1,1',
  ResponseID: 9, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ana Grower', Source: 'form',
  photos: [{ image_url: '/api/image?key=companies%2F3%2Fresponses%2F9%2Fphoto.jpg', thumb_url: THUMB_URL, FieldName: 'Photo' }],
};
/** A 2 × 1 grid: two boxes, 2100001 and 2100002. */
/** A task assigned to the signed-in user (7), open: "my tasks" on the device. */
export const TASK = {
  task_id: 501, response_id: 501, TemplateID: 4, template_name: 'Task', status: 'open', title: 'Check the irrigation', description: '',
  assignee: { user_id: 7, first_name: 'Ana', last_name: 'Grower' }, first_name: 'Ana', last_name: 'Grower',
  submitted_by: 7, submitted_at: '2026-03-08T07:00:00Z', updated_at: null, task_template_id: null, due_date: null,
};
export const ROOM = makeRoom({ roomId: 11, gridId: 21, nx: 2, ny: 1 });
export const BOX_WITH_PROBLEM = 2_100_001;

const ok = (body: object) => HttpResponse.json({ status: 'success', ...body });
const success = <T extends object>(body: T) => ({ status: 'success' as const, ...body });

/** The room's and the batch's single answers, which the bulk answers hold part by part. */
const roomProblems = () => ({ RoomID: 11, problems: [], summary: [] });
const roomScroll = () => ({ room_id: 11, StartScroll: 40 });
const gridBackground = () => ({ RoomID: 11, grids: [] });
const roomBatches = () => ({ room_id: 11, batches: [BATCH] });
const gridCircles = () => ({ data: { GridID: 21, Boxes: [{ GridBoxID: BOX_WITH_PROBLEM, x: 1, y: 1, circles: [] }] } });
const boxProblems = () => ({ GridBoxID: BOX_WITH_PROBLEM, problems: [] });
const subBoxes = (id: number) => ({
  parent_gridbox: { id, GridID: 21, RoomID: 11, X: 1, Y: 1, CustomName: null, Color: null, Status: null, culled: false, display_name: '1,1' },
  total_count: 0,
  max_allowed: 16,
  sub_gridboxes: [],
});
/** The sub-box the offline fill's room bundle puts in each grid's first box (a single read knows none). */
export const filledSubBox = (gridId: number) => ({ id: gridId * 10, x: 2, y: 1, plant_id: gridId * 100, plant_uid: `P-${gridId}` });
/** A grid's sub-boxes in columns, as the room bundle sends them (contract offline-fill.columns.ts). */
const gridSubBoxColumns = (roomId: number, grid: { id: number; grid_boxes: Array<{ id: number; X: number; Y: number }> }) => {
  const sub = filledSubBox(grid.id);
  return {
    grid_id: grid.id,
    room_id: roomId,
    boxes: {
      id: grid.grid_boxes.map((b) => b.id),
      x: grid.grid_boxes.map((b) => b.X),
      y: grid.grid_boxes.map((b) => b.Y),
      subs: grid.grid_boxes.map((_, i) => (i === 0 ? 1 : 0)),
      custom_name: { at: [0], value: ['Corner'] },
      culled: [],
    },
    subs: {
      id: [sub.id], x: [sub.x], y: [sub.y], plant_id: [sub.plant_id], plant_uid: [sub.plant_uid],
      created: [0], updated: [0],
    },
    times: [T],
  };
};
const batchDetail = () => ({ batch: BATCH, rooms: [{ RoomID: 11, Name: 'Bay 1', linked_at: T }], target_url: 'http://x/b/5' });
export const BATCH_PLANT = {
  plant_id: 41, plant_uid: 'P-41', linked_at: T, linked_by: 7, RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Grid A',
  GridBoxID: 2_100_001, BoxName: '1,1', Sub_gridboxID: 210, SubGridboxName: 'Sub-2-1',
};
const batchPlants = () => ({ batch_id: 5, harvested: false, total_count: 1, plants: [BATCH_PLANT] });
const batchDashboard = () => ({
  batch_details: {
    batch: BATCH, start_date: '2026-01-05', end_date: '2026-03-01',
    plant_counts: { number_of_plants: 100, pre_books: 10, linked_plants: 0, rooms: 1, grids: 0, grid_boxes: 0 },
    status_timeline: [], problems_over_time: [], treatments: [], form_responses_per_week: [],
  },
});
const batchRooms = () => ({ data: [{ RoomID: 11, Name: 'Bay 1', linked_at: T }] });
const roomHistory = () => ({ room_id: 11, history: [] });

/** A tomato crop planted in ROOM since 2026 (the walk's chooser and the fill's walks read it). */
export const PLANTING = {
  planting_id: 5, room_id: 11, room_name: 'Bay 1', crop_id: 1, crop_name: 'Tomato', eppo_code: 'LYPES', batch_id: null, batch_number: null,
  area_m2: 1000, stems_per_m2: 3.5, start_week: '2026-01-05', end_week: null, rotation_weeks: 4,
};

/**
 * The server as the background fill meets it: one room with a grid of two boxes (one with an open
 * problem), one form template, one colour mapping, a library problem, one batch, one observation.
 * `requests` counts each path asked; `fail` makes a path get no answer (the connection drops there).
 */
export function offlineServer(user: { location?: string | null; rooms?: Room[]; batches?: number } = {}) {
  const rooms = user.rooms ?? [ROOM];
  /** The company's batches: BATCH, and more of its kind from id 6 on. */
  const batches = Array.from({ length: user.batches ?? 1 }, (_, i) => (i === 0 ? BATCH : { ...BATCH, BatchID: BATCH.BatchID + i, BatchNumber: `B-${BATCH.BatchID + i}` }));
  const batchOf = (id: number) => ({ ...BATCH, ...batches.find((b) => b.BatchID === id) });
  const requests = new Map<string, number>();
  const fail = new Set<string>();
  /** The room's version: its ETag changes when a test bumps it (something in the room changed). */
  const room = { version: 1, notModified: 0 };
  const etag = (roomId: number) => `"room-${roomId}-v${room.version}"`;
  const count = (path: string) => requests.set(path, (requests.get(path) ?? 0) + 1);
  const answer = (path: string, body: () => object) => ({ request }: { request: Request }) => {
    count(path);
    if (fail.has(path)) return HttpResponse.error();
    void request;
    return ok(body());
  };
  const handlers = [
    http.get(`${API}/load_users`, answer('/load_users', () => ({
      users: [{ user_id: 7, company_id: 3, first_name: 'Ana', last_name: 'Grower', email: 'ana@example.com', user_role: 'Admin', location: user.location ?? null, created_at: T, active: true }],
    }))),
    http.get(`${API}/threshold`, answer('/threshold', () => ({ threshold: 3 }))),
    http.get(`${API}/Load_company_by_id/:id`, answer('/Load_company_by_id', () => ({
      company: { company_id: 3, company_name: 'Green Bay', company_type: null, contact_name: null, contact_email: null, contact_phone: null, created_at: T },
    }))),
    http.get(`${API}/get_company_grid_order`, answer('/get_company_grid_order', () => ({ grid_order: [] }))),
    http.get(`${API}/get_grid_opacity`, answer('/get_grid_opacity', () => ({ grid_opacity: 0.5 }))),
    http.get(`${API}/get_company_offline_mode`, answer('/get_company_offline_mode', () => ({ offline_mode: 1 }))),
    http.get(`${API}/get_company_ai_model`, answer('/get_company_ai_model', () => ({ ai_model: 'plantDiseaseRecognition' }))),
    http.get(`${API}/get_company_auto_refresh_mode`, answer('/get_company_auto_refresh_mode', () => ({ auto_refresh_mode: 0 }))),
    http.get(`${API}/get_company_language`, answer('/get_company_language', () => ({ language: 'en' }))),
    http.get(`${API}/get_stickytrap_render`, answer('/get_stickytrap_render', () => ({ value: 1 }))),
    http.get(`${API}/load_room_grids_boxes`, answer('/load_room_grids_boxes', () => ({ rooms }))),
    http.get(`${API}/get_grid_templates`, answer('/get_grid_templates', () => ({ templates: [] }))),
    http.get(`${API}/get_form_templates`, answer('/get_form_templates', () => ({
      templates: [{
        TemplateID: 40, TemplateName: 'Scouting', CompanyID: 3, CreatedAt: T, UpdatedAt: T, FormCategory: 'Scouting', PageCSS: '', DefaultForType: null, DeletedAt: null,
        fields: [{ FieldID: 401, TemplateID: 40, FieldName: 'Notes', FieldType: 'text', FieldOptions: [], IsRequired: false, IsActive: true, CSSClass: '', report_id: null, Position: 1, HideUntil: null }],
      }],
    }))),
    http.get(`${API}/get_problem_color_mappings`, answer('/get_problem_color_mappings', () => ({
      mappings: [{ id: 1, CompanyID: 3, Problem: 'Aphids', Color: '#ff0000', Abbreviation: 'AP', updated_at: T }],
    }))),
    http.get(`${API}/plant_problems/load_plant_problems`, answer('/plant_problems/load_plant_problems', () => ({ problems: [] }))),
    http.get(`${API}/plant_problems/get_symptom_groups`, answer('/plant_problems/get_symptom_groups', () => ({ symptom_groups: [] }))),
    http.get(`${API}/plant_problems/get_color_symptoms`, answer('/plant_problems/get_color_symptoms', () => ({ color_symptoms: [] }))),
    http.get(`${API}/get_batches`, ({ request }) => {
      count('/get_batches');
      void request;
      return fail.has('/get_batches') ? HttpResponse.error() : HttpResponse.json(batches);
    }),
    http.get(`${API}/get_custom_batch_statuses`, answer('/get_custom_batch_statuses', () => ({ custom_statuses: [], built_in_statuses: ['Vegetative'] }))),
    http.get(`${API}/get_plant_count_report`, answer('/get_plant_count_report', () => ({
      data: [{ group: BATCH.StrainName, room_id: null, batches: 1, plants: BATCH.NumberOfPlants, pre_books: BATCH.PreBooks, trays: 0, tray_plants: 0 }],
      summary: {
        group_by: 'crop', batches: 1, plants: BATCH.NumberOfPlants, pre_books: BATCH.PreBooks, trays: 0, tray_plants: 0,
        trays_without_batch: 0, tray_plants_without_batch: 0, batches_without_room: 0, plants_without_room: 0,
      },
    }))),
    http.get(`${API}/get_crop_status_report`, answer('/get_crop_status_report', () => ({ data: [], status_summary: [{ batch_status: 'Ready', batches: 0, plants: 0, pre_books: 0 }] }))),
    http.get(`${API}/crop_availability_report`, answer('/crop_availability_report', () => {
      const none = { batches: 0, plants: 0, pre_books: 0, available: 0 };
      return { data: [], weeks: [], undated: none, summary: none };
    })),
    http.get(`${API}/get_problem_observations`, answer('/get_problem_observations', () => ({ total_count: 1, limit: 50, offset: 0, observations: [OBSERVATION] }))),
    http.get(`${API}/get_problem_trends`, answer('/get_problem_trends', () => ({
      range: { date_option: 'weeks_ago', start_date: '2026-02-09', end_date: '2026-03-08', granularity: 'day', bucket_days: 1, time_zone: 'UTC', buckets: [] },
      trends: [],
    }))),
    http.get(`${API}/get_dashboard_reports`, answer('/get_dashboard_reports', () => ({ reports: [] }))),
    http.get(`${API}/get_scouting_coverage`, answer('/get_scouting_coverage', () => ({ generated_at: '2026-03-08T08:00:00Z', rooms: [] }))),
    http.get(`${API}/get_tasks`, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return answer('/get_tasks', () => ({ tasks: status === 'open' ? [TASK] : [], page: 1, per_page: 50, has_more: false }))({ request });
    }),
    http.get(`${API}/get_product_details`, answer('/get_product_details', () => ({ products: [] }))),
    // The crop registration walk (issue 24): one crop planted in the room, its walk of this week.
    http.get(`${API}/crop_registration/plantings`, answer('/crop_registration/plantings', () => ({ plantings: [PLANTING] }))),
    http.get(`${API}/crop_registration/walk`, ({ request }) => {
      count('/crop_registration/walk');
      const week = new URL(request.url).searchParams.get('week') ?? '';
      return ok({ walk: { week, planting: PLANTING, set: null, rotation_due: true, types: [], plants: [], progress: { done: 0, total: 0, text: '0 of 0 plants' } } });
    }),
    http.get(`${API}/get_unresolved_problems_for_room`, answer('/get_unresolved_problems_for_room', roomProblems)),
    http.get(`${API}/get_room_scroll`, answer('/get_room_scroll', roomScroll)),
    http.get(`${API}/get_grid_background`, answer('/get_grid_background', gridBackground)),
    http.get(`${API}/get_batches_by_room`, answer('/get_batches_by_room', roomBatches)),
    http.get(`${API}/get_unresolved_problems_for_grid_circles`, answer('/get_unresolved_problems_for_grid_circles', gridCircles)),
    http.get(`${API}/batch_qr_info/:id`, answer('/batch_qr_info', batchDetail)),
    http.get(`${API}/get_batch_problems`, answer('/get_batch_problems', () => ({ problems: [] }))),
    http.get(`${API}/get_all_plants_linked_to_batch`, answer('/get_all_plants_linked_to_batch', batchPlants)),
    http.get(`${API}/get_batch_dashboard`, answer('/get_batch_dashboard', batchDashboard)),
    http.get(`${API}/get_rooms_by_batch`, answer('/get_rooms_by_batch', batchRooms)),
    http.post(`${API}/get_batch_history_by_room`, answer('/get_batch_history_by_room', roomHistory)),
    http.get(`${API}/get_unresolved_problems_for_gridbox`, answer('/get_unresolved_problems_for_gridbox', boxProblems)),
    http.get(`${API}/get_sub_gridboxes`, ({ request }) => {
      count('/get_sub_gridboxes');
      if (fail.has('/get_sub_gridboxes')) return HttpResponse.error();
      return ok(subBoxes(Number(new URL(request.url).searchParams.get('parent_gridbox_id'))));
    }),
    // The fill's bulk reads (issue 19): the same answers, a room or many batches at a time.
    http.get(`${API}/offline_room_bundle`, ({ request }) => {
      count('/offline_room_bundle');
      if (fail.has('/offline_room_bundle')) return HttpResponse.error();
      const roomId = Number(new URL(request.url).searchParams.get('room_id'));
      const asked = rooms.find((r) => r.RoomID === roomId)!;
      if (request.headers.get('if-none-match') === etag(roomId)) {
        room.notModified++;
        return new HttpResponse(null, { status: 304, headers: { etag: etag(roomId) } });
      }
      // Each grid's first box has an open problem.
      const problemBoxes = asked.grids.map((g) => ({ grid: g.id, box: g.grid_boxes[0]!.id }));
      return HttpResponse.json(
        success({
          room_id: roomId,
          etag: etag(roomId),
          problems: success({ ...roomProblems(), RoomID: roomId }),
          backgrounds: success({ ...gridBackground(), RoomID: roomId }),
          scroll: success({ ...roomScroll(), room_id: roomId }),
          batches: success({ room_id: roomId, batches: roomId === ROOM.RoomID ? [BATCH] : [] }),
          circles: problemBoxes.map((p) => ({
            grid_id: p.grid,
            answer: success({ data: { GridID: p.grid, Boxes: [{ GridBoxID: p.box, x: 1, y: 1, circles: [] }] } }),
          })),
          box_problems: problemBoxes.map((p) => ({ gridbox_id: p.box, answer: success({ GridBoxID: p.box, problems: [] }) })),
          sub_boxes: asked.grids.map((g) => gridSubBoxColumns(roomId, g)),
        }),
        { headers: { etag: etag(roomId) } },
      );
    }),
    http.get(`${API}/offline_batches_bundle`, ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('batch_ids') ?? '').split(',').map(Number);
      return answer('/offline_batches_bundle', () => ({
        batches: ids.map((id) => ({
          batch_id: id,
          detail: success({ ...batchDetail(), batch: batchOf(id) }),
          problems: success({ problems: [] }),
          open_problems: success({ problems: [] }),
          dashboard: success({ batch_details: { ...batchDashboard().batch_details, batch: batchOf(id) } }),
          rooms: success(batchRooms()),
          plants: batchPlantsColumns({ ...batchPlants(), batch_id: id }),
        })),
        room_histories: [{ room_id: 11, answer: success(roomHistory()) }],
      }))({ request });
    }),
  ];
  return { handlers, requests, fail, room, total: () => [...requests.values()].reduce((a, b) => a + b, 0) };
}
