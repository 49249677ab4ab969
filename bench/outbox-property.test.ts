/**
 * The outbox's property test: 1,000 random sequences of field actions (rename, cull and restore a box,
 * comment, resolve / dismiss / reopen a problem, change a batch status, submit a form with or without a
 * photo) and network cuts, driven through the web app's own queue code (createActionQueue,
 * createFormQueue on Dexie over fake-indexeddb) against the real server (buildApp on the embedded
 * database, requests through app.inject). The transport injects faults: the request dropped before
 * it reaches the server, the answer lost after the server applied it, a photo upload cut halfway, and
 * the same request delivered twice at once. After each sequence the database is compared with what
 * the user did: nothing lost, nothing applied twice, each queue's order kept.
 *
 * Issue 25: a colleague changes things on the server between queue and replay (renames a box, resolves,
 * dismisses or reopens a problem the phone acts on). The phone's actions whose target changed come back
 * as conflicts; each is settled at random with "Keep mine" (where there is a precondition to drop, or a
 * problem the colleague closed the other way: reopened first, then the user's action, each with a key derived
 * from the action's) or "Keep theirs", as a user would on the outbox page; an action the colleague already made
 * (resolved by both) is no conflict ("matched": nothing sent to apply). Checked per sequence from the server and
 * the outbox's history: never an overwrite of the colleague's value without a "Keep mine" (a rename over a name
 * the user did not see, a reopen over a status other than the one the conflict showed), nothing lost (each
 * action sent once, kept theirs or matched, never two of them), nothing applied twice (a Keep mine's reopen
 * included), the problems' audit in the order applied, actions without a conflict applied in the order made.
 *
 * Env: OUTBOX_SEQUENCES (default 1000), OUTBOX_SEED (default 20261125). A failure names its sequence's
 * seed; OUTBOX_SEED=<it> OUTBOX_SEQUENCES=1 replays it.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../packages/server/src/test/build-test-app.js';
import { makeTenant, type TestUser } from '../packages/server/src/test/factories.js';
import { facilityKit } from '../packages/server/src/test/fixtures/facility-test-kit.js';
import { makeTemplate } from '../packages/server/src/test/fixtures/form-responses.test-kit.js';
import { addObservation } from '../packages/server/src/test/fixtures/unresolved-problems.fixtures.js';
import { makeBatch } from '../packages/server/src/test/fixtures/plants.fixtures.js';
import sharp from 'sharp';
import { prng } from '../packages/server/src/test/prng.js';
import { ActionQueueDatabase } from '../packages/web/src/offline/action-queue-store.js';
import { OfflineDatabase } from '../packages/web/src/offline/db.js';
import { ActionRefused, canKeepMine, createActionQueue, queueAction, type ActionQueue, type ActionOutcome } from '../packages/web/src/api/action-queue.js';
import { createOutboxHistory, type OutboxHistory } from '../packages/web/src/offline/outbox-history.js';
import { createFormQueue, type FormQueue } from '../packages/web/src/api/form-responses.js';
import { createHttpClient } from '../packages/web/src/api/http-client.js';

const SEQUENCES = Number(process.env.OUTBOX_SEQUENCES ?? 1000);
const BASE_SEED = Number(process.env.OUTBOX_SEED ?? 20261125);

type Fault = 'none' | 'dropBefore' | 'dropAfter' | 'duplicate' | 'cutUpload';

/** Faults the transport injects, counted over the whole run (the test checks each kind happened). */
const faultCounts: Record<Fault, number> = { none: 0, dropBefore: 0, dropAfter: 0, duplicate: 0, cutUpload: 0 };

/**
 * An HTTP client whose requests go to the app through app.inject (its `fetch` is the injection
 * point), each meeting a fault drawn by `pick`: dropped before sending, its answer lost after the
 * server applied it, delivered twice at once, or (uploads) cut halfway. A lost request rejects as
 * `fetch` does without a connection, which the client reports as a network error.
 */
function faultyClient(app: FastifyInstance, user: TestUser, pick: (upload: boolean) => Fault) {
  const faultyFetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    for (const [k, v] of new Headers(init.headers).entries()) headers[k.toLowerCase()] = v;
    let payload: string | Buffer | undefined;
    if (init.body instanceof FormData) {
      const encoded = new Response(init.body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    } else if (typeof init.body === 'string') {
      payload = init.body;
    } else if (init.body instanceof URLSearchParams) {
      payload = init.body.toString();
    }
    const upload = Buffer.isBuffer(payload);
    const fault = pick(upload);
    faultCounts[fault] += 1;
    const method = (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const send = (body = payload) => app.inject({ method, url, headers: { ...headers, ...user.auth }, ...(body === undefined ? {} : { payload: body }) });
    const lost = () => new TypeError('fetch failed');
    if (fault === 'dropBefore') throw lost();
    if (fault === 'cutUpload' && Buffer.isBuffer(payload)) {
      // The connection breaks halfway through the upload: the server gets a truncated body.
      await send(payload.subarray(0, Math.floor(payload.length / 2)));
      throw lost();
    }
    const [res] = fault === 'duplicate' ? await Promise.all([send(), send()]) : [await send()];
    if (fault === 'dropAfter') throw lost();
    const empty = res.statusCode === 204 || res.statusCode === 304;
    const current = res.headers['verdant-current-value'];
    return new Response(empty ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json'), ...(current === undefined ? {} : { 'verdant-current-value': String(current) }) },
    });
  };
  return createHttpClient({ baseURL: '/api', fetch: faultyFetch });
}

function setOnline(online: boolean) {
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: online } });
}

interface World {
  companyId: number;
  scout: TestUser;
  /** Works online on the same boxes and problems while the phone's actions wait. */
  colleague: TestUser;
  boxes: number[];
  observations: number[];
  batches: number[];
  responseId: number;
  templateId: number;
  noteField: number;
  photoField: number;
}

/** What the user believes (the screens' optimistic state), carried from one sequence to the next. */
interface Model {
  name: Map<number, string>;
  culled: Map<number, boolean>;
  status: Map<number, 'open' | 'resolved' | 'dismissed'>;
  batch: Map<number, string>;
}

/** One field action the phone made: what it changes on the server once applied. */
interface MadeAction {
  seq: number;
  key: string;
  kind: 'box' | 'comment' | 'problem' | 'batch';
  /** [box, audit action] · comment text · [observation, action] · [batch, status]. */
  event: [number, string] | string;
  /** A rename: the name the user saw (its precondition) and the new one. */
  rename?: { box: number; seen: string; name: string };
}

/** What one sequence must have changed on the server: the field actions made, and the forms in order. */
interface Expected {
  actions: MadeAction[];
  forms: Array<{ note: string; photos: number }>;
}

const STATUSES = ['Planned', 'Propagation', 'Vegetative', 'Flowering', 'Ready'];

let t: TestApp;
let world: World;
const model: Model = { name: new Map(), culled: new Map(), status: new Map(), batch: new Map() };

beforeAll(async () => {
  t = await buildTestApp();
  const app = t.app;
  const tenant = await makeTenant(app);
  const { companyId, regular: scout, admin: colleague } = tenant;
  const kit = facilityKit(() => app);
  const roomId = await kit.room(tenant, 'Outbox room');
  const gridId = await kit.grid(tenant, roomId, 3, 2);
  const boxes = (await kit.boxes(gridId)).map((b) => b.grid_box_id);
  const template = await makeTemplate(app, companyId, 'Walk', 'scouting', [
    ['Notes', 'textarea', [], false],
    ['Photo', 'photo', [], false],
  ]);
  const observations: number[] = [];
  for (let i = 0; i < 4; i++) observations.push(await addObservation(app, { companyId, problem: `Thrips ${i}`, roomId, gridId, boxId: boxes[i % boxes.length]! }));
  const batches = [await makeBatch(app, companyId, { status: 'Planned' }), await makeBatch(app, companyId, { status: 'Planned' })];
  const first = await app.inject({
    method: 'POST',
    url: '/api/submit_form',
    headers: { ...scout.auth, 'content-type': 'application/json' },
    payload: { submittedBy: scout.user_id, templateID: template.templateId, GridBoxID: boxes[0], fieldResponses: [{ fieldID: template.field.Notes, inputData: 'first walk' }] },
  });
  if (first.statusCode !== 200) throw new Error(first.body);
  world = {
    companyId,
    scout,
    colleague,
    boxes,
    observations,
    batches,
    responseId: first.json().response_id,
    templateId: template.templateId,
    noteField: template.field.Notes!,
    photoField: template.field.Photo!,
  };
  for (const b of boxes) model.culled.set(b, false);
  for (const o of observations) model.status.set(o, 'open');
  for (const b of batches) model.batch.set(b, 'Planned');
});

afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'navigator');
  await t?.close();
});

async function drain(actions: ActionQueue, forms: FormQueue, userId: number) {
  for (let round = 0; round < 200; round++) {
    const a = await actions.flush({ userId, force: true });
    const f = await forms.flush({ userId, force: true });
    if (a.remaining === 0 && f.remaining === 0) return;
  }
  throw new Error('the outbox did not drain in 200 rounds');
}

/**
 * Sends what waits until nothing does; a conflict is settled as a user would — "Keep mine" (when the action
 * has a precondition to drop) or "Keep theirs", at random — and the rest sent. Nothing else may be refused.
 */
async function settle(actions: ActionQueue, forms: FormQueue, userId: number, rnd: () => number, where: string) {
  for (let round = 0; round < 50; round++) {
    await drain(actions, forms, userId);
    const refused = (await actions.list({ userId })).filter((a) => a.state === 'refused');
    if (!refused.length) return;
    for (const a of refused) {
      expect(a.conflict, `${where}: only a conflict is refused (${a.endpoint}: ${a.reason})`).toBe(true);
      if (canKeepMine(a) && rnd() < 0.5) await actions.keepMine(a.seq, 'Property Scout', { userId });
      else await actions.keepTheirs(a.seq, 'Property Scout');
    }
  }
  throw new Error(`${where}: conflicts were not settled in 50 rounds`);
}

/** A colleague, online, changes a box's name or a problem's status directly (no outbox, no precondition). */
async function colleagueChanges(tag: string, pick: <T>(xs: readonly T[]) => T, rnd: () => number, touched: number[], touchedProblems: number[]) {
  const { app } = t;
  const { colleague } = world;
  if (rnd() < 0.55) {
    // Often a box the phone renamed in this sequence (its rename may still wait), so conflicts happen.
    const box = touched.length && rnd() < 0.6 ? pick(touched) : pick(world.boxes);
    const res = await app.inject({
      method: 'POST',
      url: '/api/update_grid_box_name',
      headers: { ...colleague.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ GridBoxID: String(box), custom_name: `Colleague ${tag}` }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return;
  }
  // Often a problem the phone acted on in this sequence (its action may still wait), so conflicts happen.
  const obs = touchedProblems.length && rnd() < 0.6 ? pick(touchedProblems) : pick(world.observations);
  const now = await app.db.selectFrom('problem_observations').select('status').where('observation_id', '=', obs).executeTakeFirstOrThrow();
  const action = now.status === 'open' ? pick(['resolve', 'dismiss'] as const) : 'reopen';
  const res = await app.inject({
    method: 'POST',
    url: '/api/manage_problem',
    headers: { ...colleague.auth, 'content-type': 'application/json' },
    payload: { problemID: obs, action, userID: colleague.user_id },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function runSequence(seq: number, photo: Blob, actionDb: ActionQueueDatabase, formDb: OfflineDatabase, history: OutboxHistory) {
  const seed = BASE_SEED + seq;
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const { app } = t;
  const { companyId, scout } = world;
  const userId = scout.user_id;
  const client = faultyClient(app, scout, (upload) => {
    const r = rnd();
    if (r < 0.08) return 'dropBefore';
    if (r < 0.16) return 'dropAfter';
    if (r < 0.22) return 'duplicate';
    if (upload && r < 0.34) return 'cutUpload';
    return 'none';
  });
  const actions = createActionQueue({ client, database: actionDb, lockName: `outbox-property-${seq}`, history });
  const forms = createFormQueue({ client, database: formDb, lockName: `outbox-property-forms-${seq}`, history });
  const expected: Expected = { actions: [], forms: [] };
  /** Boxes the phone renamed in this sequence. */
  const touched: number[] = [];
  /** Problems the phone resolved, dismissed or reopened in this sequence. */
  const touchedProblems: number[] = [];
  /** Queues a field action as the screens do (an immediate refusal stays in the outbox) and notes what it should change. */
  const made = async (outcome: Promise<ActionOutcome<unknown>>, what: Omit<MadeAction, 'seq' | 'key'>) => {
    const seqOf = await outcome.then(
      (o) => o.seq,
      (err: unknown) => {
        if (err instanceof ActionRefused) return err.seq;
        throw err;
      },
    );
    const row = await actionDb.actions.get(seqOf);
    expected.actions.push({ ...what, seq: seqOf, key: row!.idempotencyKey });
  };
  const meta = { companyId, userId, label: `sequence ${seq}` };
  const marks = {
    audit: Number((await app.db.selectFrom('audit_events').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0),
    actions: Number((await app.db.selectFrom('observation_actions').select((eb) => eb.fn.max('action_id').as('m')).executeTakeFirst())?.m ?? 0),
    comments: Number((await app.db.selectFrom('comments').select((eb) => eb.fn.max('comment_id').as('m')).executeTakeFirst())?.m ?? 0),
    batches: Number((await app.db.selectFrom('batch_status_history').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0),
  };

  let online = rnd() < 0.7;
  setOnline(online);
  const steps = 1 + Math.floor(rnd() * 6);
  for (let step = 0; step < steps; step++) {
    const r = rnd();
    if (r < 0.15) {
      online = !online;
      setOnline(online);
      if (online) {
        // Back online: the app sends what waits (SyncStatus does the same).
        await actions.flush({ userId });
        await forms.flush({ userId });
      }
      continue;
    }
    if (r < 0.3) {
      // Someone else changes a box or a problem on the server while the phone's actions may wait.
      await colleagueChanges(`s${seq}.${step}`, pick, rnd, touched, touchedProblems);
      continue;
    }
    if (r < 0.37) {
      if (online) {
        await actions.flush({ userId });
        await forms.flush({ userId });
      }
      continue;
    }
    const kind = pick(['rename', 'cull', 'comment', 'problem', 'batch', 'form'] as const);
    const tag = `s${seq}.${step}`;
    if (kind === 'rename') {
      // Half the time the box renamed last (a user fixing a name twice), so a colleague's change meets a waiting rename.
      const box = touched.length && rnd() < 0.5 ? touched[touched.length - 1]! : pick(world.boxes);
      touched.push(box);
      const before = model.name.get(box) ?? '';
      const name = `Bench ${tag}`;
      model.name.set(box, name);
      await made(queueAction('updateGridBoxName', { GridBoxID: box, custom_name: name, expected_custom_name: before }, meta, actions), {
        kind: 'box',
        event: [box, 'grid_box.renamed'],
        rename: { box, seen: before, name },
      });
    } else if (kind === 'cull') {
      const box = pick(world.boxes);
      const culled = !model.culled.get(box);
      model.culled.set(box, culled);
      await made(queueAction('updateCullingStatus', { GridBoxID: box, user_id: userId, culled: culled ? 1 : 0 }, meta, actions), {
        kind: 'box',
        event: [box, culled ? 'grid_box.culled' : 'grid_box.unculled'],
      });
    } else if (kind === 'comment') {
      const text = `Comment ${tag}`;
      await made(queueAction('addComment', { ResponseID: world.responseId, UserID: userId, CommentText: text }, meta, actions), { kind: 'comment', event: text });
    } else if (kind === 'problem') {
      const obs = pick(world.observations);
      touchedProblems.push(obs);
      const action = model.status.get(obs) === 'open' ? pick(['resolve', 'dismiss'] as const) : 'reopen';
      model.status.set(obs, action === 'resolve' ? 'resolved' : action === 'dismiss' ? 'dismissed' : 'open');
      await made(queueAction('manageProblem', { problemID: obs, action, userID: userId }, meta, actions), { kind: 'problem', event: [obs, action] });
    } else if (kind === 'batch') {
      const batch = pick(world.batches);
      const status = pick(STATUSES.filter((s) => s !== model.batch.get(batch)));
      model.batch.set(batch, status);
      await made(queueAction('assignStatusToBatches', { company_id: companyId, batch_status: status, batch_ids: String(batch) }, meta, actions), {
        kind: 'batch',
        event: [batch, status],
      });
    } else {
      const note = `Note ${tag}`;
      const photos = rnd() < 0.4 ? 1 : 0;
      expected.forms.push({ note, photos });
      await forms.submitFormResponse({
        kind: 'box',
        GridBoxID: pick(world.boxes),
        submittedBy: userId,
        templateID: world.templateId,
        fieldResponses: [{ fieldID: world.noteField, inputData: note }],
        photos: photos ? [{ fieldID: world.photoField, file: photo, name: 'leaf.png' }] : [],
      });
    }
  }

  setOnline(true);
  const where = `sequence ${seq} (OUTBOX_SEED=${seed} OUTBOX_SEQUENCES=1 replays it)`;
  await settle(actions, forms, userId, rnd, where);

  const left = await actions.list({ userId });
  expect(left.filter((a) => a.state !== 'sent').map((a) => `${a.endpoint}: ${a.state} ${a.reason ?? ''}`), `${where}: every action sent`).toEqual([]);
  expect(await forms.list(userId), `${where}: every form sent`).toEqual([]);

  // Each action's fate from the outbox's history: sent exactly once, kept theirs or matched (never sent), one of them.
  const fates = await Promise.all(
    expected.actions.map(async (a) => {
      const entries = await history.ofKey(a.key);
      const kinds = entries.map((e) => e.kind);
      const sent = entries.filter((e) => e.kind === 'sent');
      const theirs = kinds.includes('keptTheirs');
      const matched = kinds.includes('matched');
      expect(
        theirs || matched ? sent.length === 0 && !(theirs && matched) : sent.length === 1,
        `${where}: ${a.kind} ${JSON.stringify(a.event)} sent once, kept theirs or matched (history: ${kinds.join(', ')})`,
      ).toBe(true);
      return { a, entries, kinds, sentId: sent[0]?.id ?? null, conflicted: kinds.includes('conflict'), keptMine: kinds.includes('keptMine') };
    }),
  );
  // What the server must show: the applied actions in the order they were applied (the history's order) …
  const applied = fates.filter((f) => f.sentId !== null).sort((x, y) => x.sentId! - y.sentId!);
  // … in which the actions that met no conflict keep the order the user made them in.
  const calm = applied.filter((f) => !f.conflicted).map((f) => f.a.seq);
  expect(calm, `${where}: actions without a conflict applied in the order made`).toEqual([...calm].sort((x, y) => x - y));
  const of = (kind: MadeAction['kind']) => applied.filter((f) => f.a.kind === kind).map((f) => f.a.event);

  const boxEvents = await app.db
    .selectFrom('audit_events')
    .select(['entity_id', 'action', 'before', 'after'])
    .where('id', '>', marks.audit)
    .where('user_id', '=', userId)
    .where('action', 'in', ['grid_box.renamed', 'grid_box.culled', 'grid_box.unculled'])
    .orderBy('id')
    .execute();
  expect(boxEvents.map((e) => [Number(e.entity_id), e.action]), `${where}: box changes once each, in order`).toEqual(of('box'));
  // Never an overwrite without a choice: a rename replaced the name the user saw, unless they chose "Keep mine".
  for (const e of boxEvents.filter((b) => b.action === 'grid_box.renamed')) {
    const after = (e.after as { CustomName: string | null }).CustomName ?? '';
    const before = (e.before as { CustomName: string | null }).CustomName ?? '';
    const fate = fates.find((f) => f.a.rename?.name === after && f.a.rename.box === Number(e.entity_id));
    expect(fate, `${where}: the rename to "${after}" was made by the phone`).toBeDefined();
    if (before !== fate!.a.rename!.seen) expect(fate!.keptMine, `${where}: "${before}" overwritten by "${after}" only after Keep mine`).toBe(true);
  }
  for (const f of fates.filter((x) => x.kinds.includes('keptTheirs'))) expect(f.sentId, `${where}: kept theirs is never sent`).toBeNull();

  const comments = await app.db
    .selectFrom('comments')
    .select(['comment_text'])
    .where('comment_id', '>', marks.comments)
    .where('comment_text', 'like', `Comment s${seq}.%`)
    .orderBy('comment_id')
    .execute();
  expect(comments.map((c) => c.comment_text), `${where}: comments once each, in order`).toEqual(of('comment'));

  // The problems' writes in the order the history saw them applied: a Keep mine's reopen (with the status the
  // conflict showed, the only one it may overwrite) before the user's own action, each once.
  const problemWrites = fates
    .filter((f) => f.a.kind === 'problem')
    .flatMap((f) =>
      f.entries
        .filter((e) => e.kind === 'sent' || e.kind === 'reopened')
        .map((e) => {
          const [obs, action] = f.a.event as [number, string];
          const shown = f.entries.filter((k) => k.kind === 'keptMine' && k.id < e.id).at(-1);
          if (e.kind === 'reopened') expect(shown, `${where}: a reopen of ${obs} only after Keep mine`).toBeDefined();
          return { id: e.id, obs, action: e.kind === 'reopened' ? 'reopen' : action, over: e.kind === 'reopened' ? shown!.theirs : null };
        }),
    )
    .sort((x, y) => x.id - y.id);
  const problemActions = await app.db
    .selectFrom('observation_actions')
    .select(['observation_id', 'action'])
    .where('action_id', '>', marks.actions)
    .where('user_id', '=', userId)
    .orderBy('action_id')
    .execute();
  expect(problemActions.map((a) => [a.observation_id, a.action]), `${where}: problem actions once each, in order`).toEqual(problemWrites.map((w) => [w.obs, w.action]));
  const problemAudit = await app.db
    .selectFrom('audit_events')
    .select(['entity_id', 'action', 'before'])
    .where('id', '>', marks.audit)
    .where('user_id', '=', userId)
    .where('action', 'in', ['problem.resolve', 'problem.dismiss', 'problem.reopen'])
    .orderBy('id')
    .execute();
  expect(problemAudit.map((e) => [Number(e.entity_id), e.action]), `${where}: problem audit in the order applied`).toEqual(problemWrites.map((w) => [w.obs, `problem.${w.action}`]));
  problemAudit.forEach((e, i) => {
    const over = problemWrites[i]!.over;
    if (over !== null) expect((e.before as { status: string }).status, `${where}: Keep mine reopened ${e.entity_id} over "${over}" only`).toBe(over);
  });

  const batchChanges = await app.db
    .selectFrom('batch_status_history')
    .select(['batch_id', 'to_status'])
    .where('id', '>', marks.batches)
    .orderBy('id')
    .execute();
  expect(batchChanges.map((b) => [b.batch_id, b.to_status]), `${where}: status changes once each, in order`).toEqual(of('batch'));
  conflictCounts.conflicts += fates.filter((f) => f.conflicted).length;
  conflictCounts.keptMine += fates.filter((f) => f.keptMine).length;
  conflictCounts.keptTheirs += fates.filter((f) => f.kinds.includes('keptTheirs')).length;
  conflictCounts.keptMineReopen += fates.filter((f) => f.kinds.includes('reopened')).length;
  conflictCounts.matched += fates.filter((f) => f.kinds.includes('matched')).length;

  const responses = await app.db
    .selectFrom('field_responses')
    .select(['response_id', 'input_data'])
    .where('field_id', '=', world.noteField)
    .where('input_data', 'like', `Note s${seq}.%`)
    .orderBy('response_id')
    .execute();
  expect(responses.map((r) => r.input_data), `${where}: form submissions once each, in order`).toEqual(expected.forms.map((f) => f.note));
  const photosAttached = responses.length
    ? await app.db
        .selectFrom('audit_events')
        .select(['entity_id'])
        .where('action', '=', 'form.image_attached')
        .where('entity_id', 'in', responses.map((r) => String(r.response_id)))
        .execute()
    : [];
  const perResponse = responses.map((r) => photosAttached.filter((p) => p.entity_id === String(r.response_id)).length);
  expect(perResponse, `${where}: each photo attached once`).toEqual(expected.forms.map((f) => f.photos));

  // The model carried into the next sequence is what the server now holds: after settling its conflicts
  // the phone shows the server's names and statuses (a colleague's kept ones included).
  for (const b of await app.db.selectFrom('grid_boxes').select(['grid_box_id', 'custom_name']).where('grid_box_id', 'in', world.boxes).execute()) {
    model.name.set(b.grid_box_id, b.custom_name ?? '');
  }
  for (const o of await app.db.selectFrom('problem_observations').select(['observation_id', 'status']).where('observation_id', 'in', world.observations).execute()) {
    model.status.set(o.observation_id, o.status as 'open' | 'resolved' | 'dismissed');
  }
  await actionDb.actions.clear();
  await formDb.outboxHistory.clear();
}

/** Conflicts met and how they were settled, over the whole run (the test checks each happened). */
const conflictCounts = { conflicts: 0, keptMine: 0, keptTheirs: 0, keptMineReopen: 0, matched: 0 };

describe('outbox: random action sequences with network cuts against the real server', () => {
  it(`loses nothing and applies nothing twice over ${SEQUENCES} sequences (seed ${BASE_SEED})`, async () => {
    const png = await sharp({ create: { width: 12, height: 12, channels: 3, background: { r: 40, g: 160, b: 90 } } }).png().toBuffer();
    const photo = new Blob([new Uint8Array(png)], { type: 'image/png' });
    const actionDb = new ActionQueueDatabase(`outbox-property-actions-${BASE_SEED}`);
    const formDb = new OfflineDatabase(`outbox-property-forms-${BASE_SEED}`);
    const history = createOutboxHistory(formDb);
    try {
      for (let seq = 0; seq < SEQUENCES; seq++) await runSequence(seq, photo, actionDb, formDb, history);
    } finally {
      actionDb.close();
      formDb.close();
    }
    // The final state of every box, problem and batch is the user's last change.
    const boxes = await t.app.db.selectFrom('grid_boxes').select(['grid_box_id', 'custom_name', 'culled']).where('grid_box_id', 'in', world.boxes).execute();
    for (const b of boxes) {
      expect(b.custom_name ?? '').toBe(model.name.get(b.grid_box_id) ?? '');
      expect(b.culled).toBe(model.culled.get(b.grid_box_id));
    }
    const observations = await t.app.db.selectFrom('problem_observations').select(['observation_id', 'status']).where('observation_id', 'in', world.observations).execute();
    for (const o of observations) expect(o.status).toBe(model.status.get(o.observation_id));
    const batches = await t.app.db.selectFrom('batches').select(['batch_id', 'batch_status']).where('batch_id', 'in', world.batches).execute();
    for (const b of batches) expect(b.batch_status).toBe(model.batch.get(b.batch_id));
    // Every kind of fault happened (so the run exercised what it claims).
    if (SEQUENCES >= 100) for (const f of ['dropBefore', 'dropAfter', 'duplicate', 'cutUpload'] as const) expect(faultCounts[f], f).toBeGreaterThan(0);
    // … and conflicts happened, settled both ways.
    if (SEQUENCES >= 100) for (const c of ['conflicts', 'keptMine', 'keptTheirs'] as const) expect(conflictCounts[c], c).toBeGreaterThan(0);
    // A problem's conflicts are rarer (the seed's first 300 sequences meet one Keep mine that reopens, two matched).
    if (SEQUENCES >= 300) for (const c of ['keptMineReopen', 'matched'] as const) expect(conflictCounts[c], c).toBeGreaterThan(0);
    console.info(`outbox property: ${SEQUENCES} sequences, faults injected`, faultCounts, 'conflicts', conflictCounts);
  });
});
