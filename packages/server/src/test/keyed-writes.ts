import { randomBytes } from 'node:crypto';
import { auth, formRequest, jsonRequest, multipartRequest, tinyPng, type KeyedRequest, type Transport } from './keyed-transport.js';
import { prng } from './prng.js';
import { DAY_MS } from '@verdant/contract';

/**
 * A reusable "nothing lost" workload: keyed writes of four kinds (create a room, submit a form — as
 * JSON with a text answer or as a multipart photo —, move a plant, change batch statuses) made as
 * plain HTTP requests, so the same list can go through app.inject or through fetch to a real server,
 * and an invariant checker that reads the database afterwards.
 */

export interface WorldUser {
  userId: number;
  token: string;
}

export interface Position {
  subx: number;
  suby: number;
}

/** What the workload writes against: one company's rooms, boxes, plants, a form and batches. */
export interface KeyedWorld {
  /** Unique to this run: every marker starts with `kw-<tag>-`. */
  tag: string;
  companyId: number;
  /** Client c writes as users[c % users.length]. */
  users: WorldUser[];
  /** Grid boxes plants are moved into (each at POSITIONS) and forms are submitted for. */
  boxes: number[];
  /** plants[c]: the plant uids only client c moves. */
  plants: string[][];
  form: { templateId: number; noteFieldId: number; photoFieldId: number };
  /** ownBatches[c]: the batch only client c changes; sharedBatches are changed by every client. */
  ownBatches: number[];
  sharedBatches: number[];
}

/** Where a moved plant may land in a target box: a 3×3 block of sub-box positions. */
export const POSITIONS: Position[] = [1, 2, 3].flatMap((suby) => [1, 2, 3].map((subx) => ({ subx, suby })));

/** Statuses an own batch cycles through: consecutive ones always differ, so every applied change is one history row. */
export const STATUS_CYCLE = ['Propagation', 'Vegetative', 'Flowering', 'Ready', 'Planned'] as const;

async function must(send: Transport, req: KeyedRequest, what: string): Promise<Record<string, unknown>> {
  const res = await send(req);
  if (res.status !== 200) throw new Error(`seeding ${what} failed: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/**
 * Seeds a world through the API (no Idempotency-Key), so it works on an app or on a server whose
 * embedded database no other process may open. `seeder` must be allowed to save form templates (Admin+).
 */
export async function seedKeyedWorld(
  send: Transport,
  opts: { companyId: number; seeder: WorldUser; users?: WorldUser[]; clients: number; plantsPerClient?: number; tag?: string },
): Promise<KeyedWorld> {
  const tag = opts.tag ?? randomBytes(4).toString('hex');
  const token = opts.seeder.token;
  const companyId = opts.companyId;
  const plantsPerClient = opts.plantsPerClient ?? 2;
  if (opts.clients * plantsPerClient > 100) throw new Error('seedKeyedWorld: at most 100 plants (one home box)');

  const room = (await must(send, multipartRequest('POST', `/api/create_room?company_id=${companyId}`, token, { name: `kw-${tag}-home`, description: 'keyed writes' }), 'create_room')).room as {
    RoomID: number;
  };
  await must(
    send,
    jsonRequest('POST', '/api/Create_grid', token, { nx: 3, ny: 3, ngrid_name: `kw-${tag}-grid`, ncompany_id: companyId, nroom_id: room.RoomID }),
    'Create_grid',
  );
  const tree = await send({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${companyId}&room_id=${room.RoomID}`, headers: auth(token), body: '' });
  if (tree.status !== 200) throw new Error(`seeding load_room_grids_boxes failed: ${tree.body}`);
  const grid = (JSON.parse(tree.body) as { rooms: { grids: { grid_boxes: { id: number; X: number; Y: number }[] }[] }[] }).rooms[0]!.grids[0]!;
  const boxIds = [...grid.grid_boxes].sort((a, b) => a.Y - b.Y || a.X - b.X).map((b) => b.id);
  const [home, ...boxes] = boxIds as [number, ...number[]];

  const made = (await must(
    send,
    jsonRequest(
      'POST',
      `/api/create_sub_gridboxes?parent_gridbox_id=${home}&user_id=${opts.seeder.userId}&nx=${opts.clients}&ny=${plantsPerClient}`,
      token,
      {},
    ),
    'create_sub_gridboxes',
  )).sub_gridboxes as { plant_uid: string | null }[];
  const uids = made.map((s) => s.plant_uid).filter((u): u is string => Boolean(u));
  if (uids.length !== opts.clients * plantsPerClient) throw new Error(`seeding plants: expected ${opts.clients * plantsPerClient}, got ${uids.length}`);
  const plants = Array.from({ length: opts.clients }, (_, c) => uids.slice(c * plantsPerClient, (c + 1) * plantsPerClient));

  const template = (await must(
    send,
    jsonRequest('POST', '/api/save_form_template', token, {
      templateName: `kw-${tag}-form`,
      companyID: companyId,
      FormCategory: `kw-${tag}`,
      fields: [
        { fieldName: 'Note', fieldType: 'textarea' },
        { fieldName: 'Photo', fieldType: 'photo' },
      ],
    }),
    'save_form_template',
  )).template as { TemplateID: number; fields: { FieldID: number; FieldName: string }[] };
  const field = (name: string) => template.fields.find((f) => f.FieldName === name)!.FieldID;

  const batch = async (n: string) =>
    ((await must(send, multipartRequest('POST', '/api/create_batch', token, { BatchNumber: `kw-${tag}-${n}`, company_id: companyId }), 'create_batch')).batch as { BatchID: number })
      .BatchID;
  const ownBatches: number[] = [];
  for (let c = 0; c < opts.clients; c++) ownBatches.push(await batch(`own-${c}`));
  const sharedBatches = [await batch('shared-0'), await batch('shared-1')];

  return {
    tag,
    companyId,
    users: opts.users?.length ? opts.users : [opts.seeder],
    boxes,
    plants,
    form: { templateId: template.TemplateID, noteFieldId: field('Note'), photoFieldId: field('Photo') },
    ownBatches,
    sharedBatches,
  };
}

export type WriteKind = 'room' | 'form' | 'photo' | 'move' | 'status';

export interface KeyedWrite {
  client: number;
  index: number;
  kind: WriteKind;
  key: string;
  /** room: its name; form: the Note answer; photo: the ISO observed time; move: the movement reason. */
  marker: string;
  request: KeyedRequest;
  move?: { plantUid: string; box: number; position: Position };
  status?: { batchIds: number[]; status: string; own: number };
}

/**
 * `clients` × `perClient` keyed writes, a quarter of each kind (forms alternate JSON text answers and
 * multipart photos), as plain requests: writes[c] is client c's list, to be sent in order.
 */
export async function makeKeyedWrites(world: KeyedWorld, opts: { clients: number; perClient: number; seed?: number }): Promise<KeyedWrite[][]> {
  const seed = opts.seed ?? 1;
  // Photo answers are told apart by their observed time: one distinct second each, in the last day.
  const photoBase = Date.now() - DAY_MS + Math.floor(Math.random() * 1000) * 60_000;
  const pngs = await Promise.all([0, 1, 2, 3].map((n) => tinyPng(n)));
  const kinds = ['room', 'form', 'move', 'status'] as const;
  const out: KeyedWrite[][] = [];
  for (let c = 0; c < opts.clients; c++) {
    const rand = prng(seed * 1000 + c);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const user = world.users[c % world.users.length]!;
    const own = world.ownBatches[c]!;
    let statusStep = 0;
    let formStep = 0;
    const list: KeyedWrite[] = [];
    for (let i = 0; i < opts.perClient; i++) {
      const key = `kw-${world.tag}-${c}-${i}`;
      const base = { client: c, index: i, key };
      const kind = kinds[(c + i) % kinds.length]!;
      if (kind === 'room') {
        const marker = `kw-${world.tag}-room-${c}-${i}`;
        list.push({ ...base, kind, marker, request: multipartRequest('POST', `/api/create_room?company_id=${world.companyId}`, user.token, { name: marker, description: `client ${c}` }, key) });
      } else if (kind === 'form' && formStep++ % 2 === 0) {
        const marker = `kw-${world.tag}-note-${c}-${i}`;
        list.push({
          ...base,
          kind: 'form',
          marker,
          request: jsonRequest('POST', '/api/submit_form', user.token, {
            submittedBy: user.userId,
            GridBoxID: pick(world.boxes),
            templateID: world.form.templateId,
            fieldResponses: [{ fieldID: world.form.noteFieldId, inputData: marker }],
          }, key),
        });
      } else if (kind === 'form') {
        const marker = new Date(photoBase + (c * opts.perClient + i) * 1000).toISOString();
        list.push({
          ...base,
          kind: 'photo',
          marker,
          request: multipartRequest('POST', '/api/submit_form_image', user.token, {
            fieldID: world.form.photoFieldId,
            GridBoxID: pick(world.boxes),
            submittedBy: user.userId,
            submittedAt: marker,
            image: { filename: `leaf-${c}-${i}.png`, contentType: 'image/png', data: pngs[(c + i) % pngs.length]! },
          }, key),
        });
      } else if (kind === 'move') {
        const marker = `kw-${world.tag}-move-${c}-${i}`;
        const move = { plantUid: pick(world.plants[c]!), box: pick(world.boxes), position: pick(POSITIONS) };
        list.push({
          ...base,
          kind,
          marker,
          move,
          request: jsonRequest('POST', '/api/move_plant', user.token, {
            plant_uid: move.plantUid,
            target_parent_gridbox_id: move.box,
            user_id: user.userId,
            target_position: move.position,
            movement_reason: marker,
          }, key),
        });
      } else {
        const status = STATUS_CYCLE[statusStep++ % STATUS_CYCLE.length]!;
        // Every other change also takes a shared batch, so clients meet on its row lock.
        const batchIds = rand() < 0.5 ? [own] : [own, pick(world.sharedBatches)];
        list.push({
          ...base,
          kind,
          marker: `${own}:${status}`,
          status: { batchIds, status, own },
          request: formRequest('POST', `/api/assign_status_to_batches?company_id=${world.companyId}`, user.token, { batch_status: status, batch_ids: batchIds.join(',') }, key),
        });
      }
    }
    out.push(list);
  }
  return out;
}
