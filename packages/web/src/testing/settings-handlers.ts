import { http, HttpResponse } from 'msw';
import { DASHBOARD_TILES } from '@verdant/contract';
import { API } from './msw-server';
import { scoutingCoverageHandlers } from './scouting-coverage-handlers';

/** A company whose settings live in memory; handlers answer like the contract says. */
export function companySettingsHandlers(initial: Partial<Record<string, unknown>> = {}) {
  const state = {
    ai_model: 'plantDiseaseRecognition',
    language: 'en',
    offline_mode: 0,
    auto_refresh: 0,
    value: 1,
    grid_order: [...DASHBOARD_TILES] as string[],
    grid_opacity: 1,
    /** The user's own language (null follows the company's). */
    user_language: null as string | null,
    time_zone: 'UTC',
    suspected_alerts: { mode: 'confirmed', min_confidence: 0.8 } as { mode: string; min_confidence: number },
    ...initial,
  };
  const writes: Array<{ path: string; query: string; body: string }> = [];
  const ok = (fields: Record<string, unknown>) => HttpResponse.json({ status: 'success', ...fields });
  const saved = (fields: Record<string, unknown>) => HttpResponse.json({ status: 'success', message: 'Settings saved.', ...fields });
  const record = async (request: Request) => {
    const url = new URL(request.url);
    writes.push({ path: url.pathname.replace('/api', ''), query: url.search, body: await request.clone().text() });
    return url;
  };
  const handlers = [
    ...scoutingCoverageHandlers().handlers,
    http.get(`${API}/get_company_ai_model`, () => ok({ ai_model: state.ai_model })),
    http.get(`${API}/get_ai_models`, () =>
      ok({
        models: ['plantDiseaseRecognition', 'pestDetection', 'stickyTrapCounter', 'nutrientDeficiency', 'greenhouse-v2'].map((name) => ({
          name,
          type: name === 'greenhouse-v2' ? 'onnx' : 'builtin',
          engine: name === 'greenhouse-v2' ? 'onnxruntime' : 'verdant-vision',
          engine_version: '1',
          model_version: '1',
          analyses: name === 'greenhouse-v2' ? ['classifier'] : ['leaf'],
          labels: [],
          description: name === 'greenhouse-v2' ? 'ONNX classifier: greenhouse-v2' : `Built-in analysis: ${name}`,
        })),
        default_model: 'plantDiseaseRecognition',
        ai_model: state.ai_model,
      }),
    ),
    http.get(`${API}/get_company_time_zone`, () => ok({ time_zone: state.time_zone })),
    http.post(`${API}/set_company_time_zone`, async ({ request }) => {
      await record(request);
      state.time_zone = ((await request.json()) as { time_zone: string }).time_zone;
      return ok({ message: 'Time zone saved.', time_zone: state.time_zone });
    }),
    http.get(`${API}/get_company_suspected_alerts`, () => ok({ suspected_alerts: state.suspected_alerts })),
    http.post(`${API}/set_company_suspected_alerts`, async ({ request }) => {
      const url = await record(request);
      const text = await request.text();
      const body = (text ? JSON.parse(text) : Object.fromEntries(url.searchParams)) as { mode: string; min_confidence?: number | string };
      state.suspected_alerts = { mode: body.mode, min_confidence: body.min_confidence === undefined ? state.suspected_alerts.min_confidence : Number(body.min_confidence) };
      return saved({ suspected_alerts: state.suspected_alerts });
    }),
    http.get(`${API}/get_company_language`, () => ok({ language: state.language })),
    http.get(`${API}/get_company_offline_mode`, () => ok({ offline_mode: state.offline_mode })),
    http.get(`${API}/get_company_auto_refresh_mode`, () => ok({ auto_refresh_mode: state.auto_refresh })),
    http.get(`${API}/get_stickytrap_render`, () => ok({ value: state.value })),
    http.get(`${API}/get_company_grid_order`, () => ok({ grid_order: state.grid_order })),
    http.get(`${API}/get_grid_opacity`, () => ok({ grid_opacity: state.grid_opacity })),
    http.get(`${API}/load_users`, () =>
      ok({
        users: [
          {
            user_id: 7,
            company_id: 3,
            first_name: 'Ada',
            last_name: 'Grower',
            email: 'ada@example.com',
            user_role: 'Admin',
            location: null,
            created_at: '2025-01-01T00:00:00Z',
            active: true,
          },
        ],
      }),
    ),
    http.get(`${API}/threshold`, () => ok({ threshold: null })),
    http.get(`${API}/get_user_language`, () =>
      ok({ language: state.user_language, company_language: state.language, effective_language: state.user_language ?? state.language }),
    ),
    http.post(`${API}/set_user_language`, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { language: string | null };
      state.user_language = body.language;
      return HttpResponse.json({
        status: 'success', message: 'Language saved.',
        language: state.user_language, company_language: state.language, effective_language: state.user_language ?? state.language,
      });
    }),
    http.post(`${API}/set_company_language`, async ({ request }) => {
      const url = await record(request);
      state.language = url.searchParams.get('language') ?? state.language;
      return saved({ language: state.language });
    }),
    http.post(`${API}/set_company_auto_refresh`, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { auto_refresh: number };
      state.auto_refresh = body.auto_refresh;
      return saved({ auto_refresh: state.auto_refresh });
    }),
    http.post(`${API}/set_company_offline_mode`, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as { offline_mode: number };
      state.offline_mode = body.offline_mode;
      return saved({ offline_mode: state.offline_mode });
    }),
    http.post(`${API}/set_company_ai_model`, async ({ request }) => {
      const url = await record(request);
      state.ai_model = url.searchParams.get('ai_model') ?? state.ai_model;
      return saved({ ai_model: state.ai_model });
    }),
    http.post(`${API}/set_company_grid_order`, async ({ request }) => {
      await record(request);
      const form = await request.formData();
      state.grid_order = JSON.parse(String(form.get('grid_order'))) as string[];
      return saved({ grid_order: state.grid_order });
    }),
  ];
  return { state, writes, handlers };
}
