import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/msw-server';

export interface StoredResponse {
  response_id: number;
  kind: 'box' | 'room';
  GridBoxID: number | null;
  roomID: number | null;
  submittedAt: string | null;
  /** The first answer's text: tests put a unique marker there. */
  marker: string;
}

export interface StoredPhoto {
  response_id: number;
  fieldID: number;
  name: string;
}

type Mode = 'ok' | 'down' | 'lose-answer' | 'offline';

/**
 * The submit endpoints as the real server behaves for the queue: a write repeated with the same
 * Idempotency-Key answers the first answer and changes nothing. `mode` simulates a server that is down
 * (500), a connection that never reaches it, and one that drops the answer after the write happened.
 * An answer whose first value is 'REFUSE' is refused with 400.
 */
export function fakeFormServer() {
  const state = {
    mode: 'ok' as Mode,
    /** Modes for the next requests, used before `mode`. */
    next: [] as Mode[],
    responses: [] as StoredResponse[],
    photos: [] as StoredPhoto[],
    keys: new Map<string, unknown>(),
    requests: [] as Array<{ path: string; key: string | null }>,
  };
  let nextId = 1;

  function reply(key: string | null, apply: () => unknown) {
    const mode = state.next.shift() ?? state.mode;
    if (mode === 'offline') return HttpResponse.error();
    if (mode === 'down') return HttpResponse.json({ status: 'error', message: 'Server unavailable' }, { status: 500 });
    let body = key ? state.keys.get(key) : undefined;
    if (body === undefined) {
      body = apply();
      const refused = (body as { status?: string }).status === 'error';
      if (key && !refused) state.keys.set(key, body);
      if (refused) return HttpResponse.json(body as Record<string, unknown>, { status: 400 });
    }
    if (mode === 'lose-answer') return HttpResponse.error();
    return HttpResponse.json(body as Record<string, unknown>);
  }

  type Body = {
    submittedBy: number;
    submittedAt?: string;
    GridBoxID?: number;
    GridBoxIDs?: string[];
    roomID?: number;
    fieldResponses: Array<{ fieldID: number; inputData: unknown }>;
  };

  function record(b: Body, kind: 'box' | 'room', box: number | null): StoredResponse {
    const r: StoredResponse = {
      response_id: nextId++,
      kind,
      GridBoxID: box,
      roomID: b.roomID ?? null,
      submittedAt: b.submittedAt ?? null,
      marker: String(b.fieldResponses[0]?.inputData ?? ''),
    };
    state.responses.push(r);
    return r;
  }

  const refusal = (b: Body) =>
    b.fieldResponses.some((f) => f.inputData === 'REFUSE') ? { status: 'error', message: 'Pest count must be a number.' } : null;

  server.use(
    http.post(`${API}/submit_form`, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      state.requests.push({ path: 'submit_form', key });
      const b = (await request.json()) as Body;
      return reply(key, () => {
        const r = refusal(b) ?? record(b, 'box', b.GridBoxID ?? null);
        if ('status' in r) return r;
        return { status: 'success', message: 'Form submitted.', response_id: r.response_id, TemplateID: 1, observations_created: 0 };
      });
    }),
    http.post(`${API}/submit_form_room`, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      state.requests.push({ path: 'submit_form_room', key });
      const b = (await request.json()) as Body;
      return reply(key, () => {
        const r = refusal(b) ?? record(b, 'room', null);
        if ('status' in r) return r;
        return { status: 'success', message: 'Form submitted.', response_id: r.response_id, TemplateID: 1, observations_created: 0 };
      });
    }),
    http.post(`${API}/submit_form_boxes`, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      state.requests.push({ path: 'submit_form_boxes', key });
      const b = (await request.json()) as Body;
      return reply(key, () => {
        const refused = refusal(b);
        if (refused) return refused;
        const made = (b.GridBoxIDs ?? []).map((id) => record(b, 'box', Number(id)));
        return {
          status: 'success',
          message: `Form submitted for ${made.length} grid boxes.`,
          TemplateID: 1,
          response_ids: made.map((r) => r.response_id),
          responses: made.map((r) => ({ GridBoxID: r.GridBoxID, response_id: r.response_id })),
          observations_created: 0,
        };
      });
    }),
    http.post(`${API}/submit_form_image`, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      state.requests.push({ path: 'submit_form_image', key });
      const form = await request.formData();
      const image = form.get('image');
      return reply(key, () => {
        const given = Number(form.get('response_id') || 0);
        const responseId =
          given ||
          record({ submittedBy: Number(form.get('submittedBy')), GridBoxID: Number(form.get('GridBoxID')) || undefined, fieldResponses: [] }, 'box', Number(form.get('GridBoxID')) || null)
            .response_id;
        const photo = { response_id: responseId, fieldID: Number(form.get('fieldID')), name: image instanceof File ? image.name : 'blob' };
        state.photos.push(photo);
        return { status: 'success', message: 'Image saved.', response_id: responseId, field_response_id: state.photos.length, image_url: '/i.jpg', thumb_url: '/t.jpg' };
      });
    }),
  );
  return state;
}
