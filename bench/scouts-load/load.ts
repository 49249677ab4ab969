/**
 * 25 scouts at once (issue 19): N simulated phones against a running server over HTTP, each signed in as one of the
 * tenant's scouts (bench/scale-reads/seed.ts: scout<i>@<company's domain>, SCALE_PASSWORD), doing what a scout does
 * through the web app's own request code (callEndpoint over createHttpClient: the phone's wire, multipart where the
 * app sends multipart): it reads what it opens (its tasks, the rooms of the day, the problem library, its room's map
 * and open problems, a box's problems, history and sub-boxes), submits observations (a form with a problem answer)
 * and their photos, runs scans (small generated JPEGs), marks grids scanned, and replays an outbox (comments and a
 * scan queued while offline). Every write carries an Idempotency-Key; some are sent twice one after the other (the
 * answer was lost and the phone retries) and some twice at once. Afterwards the database is counted: each key made
 * exactly one row (docs/decisions.md, "25 scouts at once").
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  authEndpoints, commentsEndpoints, formResponsesEndpoints, formTemplatesEndpoints, plantProblemsEndpoints, roomsEndpoints, scansEndpoints,
  scoutingCoverageEndpoints, scoutingEndpoints, subGridboxesEndpoints, tasksEndpoints, unresolvedProblemsEndpoints,
  type EndpointConfig, type EndpointOutput, type EndpointRequest,
} from '@verdant/contract';
import { makeLeafImage } from '@verdant/vision/testing';
import { callEndpoint } from '../../packages/web/src/api/call-endpoint.js';
import { toApiError } from '../../packages/web/src/api/api-error.js';
import { createHttpClient, type HttpClient } from '../../packages/web/src/api/http-client.js';
import { pct } from '../scale-reads/measure.js';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD } from '../scale-reads/seed.js';

/** A database to count in afterwards (the app's handle or a pg pool). */
export interface Counter {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

export interface LoadOptions {
  /** The server's API root, e.g. http://127.0.0.1:3000/api. */
  api: string;
  db: Counter;
  scouts: number;
  seconds: number;
  /** A phone's pause between two actions (a scout walking to the next box). */
  thinkMs: number;
  /** The seeded company's admin (sets up the load's form template). */
  adminEmail?: string;
  /** Samples the API process's resident memory in bytes (null when it cannot be read). */
  rss?: () => number | null;
  log?: (line: string) => void;
}

type Kind = 'sign-in' | 'read' | 'write';
interface Call { kind: Kind; op: string; ms: number; status: number }
interface Failure { op: string; status: number | undefined; message: string }

/** The idempotency plugin's answer to a second request with a key whose first is still running: the phone sends it again. */
const KEY_IN_PROGRESS = /Idempotency-Key is still in progress/i;

/** One write as the database must show it: its key, what kind of row it makes, and the answers its sends got. */
interface Keyed { key: string; op: 'observation' | 'photo' | 'scan' | 'mark' | 'comment'; userId: number; marker: string; answers: number[]; sends: number }

export interface LoadResult {
  calls: Call[];
  failures: Failure[];
  keyed: Keyed[];
  counts: { keys: number; lost: number; doubled: number; answersDiffer: number; receiptsMissing: number; marksExpected: number; marksFound: number };
  peakRss: number | null;
  seconds: number;
  /** Counts again (after a change to the database, e.g. in a test). */
  recount: () => Promise<LoadResult['counts']>;
}

const jpegCache: { bytes?: Buffer } = {};
/** A 640 × 480 JPEG of a generated leaf (≈ 20–40 KB): what a phone sends, small. */
async function leafJpeg(): Promise<Buffer> {
  if (!jpegCache.bytes) {
    const leaf = makeLeafImage({ width: 640, height: 480, seed: 7, lesions: { chlorotic: 0.05, necrotic: 0.02, powdery: 0.03 } });
    const raw = leaf.image;
    jpegCache.bytes = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), { raw: { width: raw.width, height: raw.height, channels: 4 } })
      .jpeg({ quality: 80 })
      .toBuffer();
  }
  return jpegCache.bytes;
}
const upload = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runScoutsLoad(opts: LoadOptions): Promise<LoadResult> {
  const log = opts.log ?? (() => {});
  const calls: Call[] = [];
  const failures: Failure[] = [];
  const keyed: Keyed[] = [];
  const run = randomUUID().slice(0, 8);
  let peakRss: number | null = opts.rss?.() ?? null;
  const sampler = setInterval(() => {
    const v = opts.rss?.();
    if (v !== null && v !== undefined) peakRss = Math.max(peakRss ?? 0, v);
  }, 200);

  /** A signed-in phone's HTTP client (the web app's), its token set once signed in. */
  const phoneClient = () => {
    let token = '';
    const http = createHttpClient({
      baseURL: opts.api,
      beforeRequest: (c) => ({ ...c, headers: { ...c.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } }),
    });
    return { http, setToken: (t: string) => (token = t) };
  };

  /** Times one request; a failure is recorded (every 5xx and any 4xx the load does not expect) and answers null. */
  async function call<E extends EndpointConfig>(http: HttpClient, kind: Kind, op: string, ep: E, input: EndpointRequest<E>, key?: string, inProgressOk = false): Promise<EndpointOutput<E> | null> {
    // A twin's time runs from its first attempt to its answer (what the phone waits).
    const t0 = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const out = await callEndpoint(ep, input, http, key ? { headers: { 'Idempotency-Key': key } } : {});
        calls.push({ kind, op, ms: performance.now() - t0, status: 200 });
        return out;
      } catch (err) {
        const e = toApiError(err);
        // The twin of a request sent twice at once: the phone tries again with the same key, as its outbox does.
        if (inProgressOk && e.status === 409 && KEY_IN_PROGRESS.test(e.message) && attempt < 400) {
          await sleep(50);
          continue;
        }
        calls.push({ kind, op, ms: performance.now() - t0, status: e.status ?? 0 });
        failures.push({ op, status: e.status, message: e.message });
        log(`ERROR ${op}${key ? ` (${key})` : ''}: ${e.status ?? 'no answer'} ${e.message}`);
        return null;
      }
    }
  }

  /** Sends a keyed write once, twice one after the other (the first answer lost), or twice at once; every answer's id is kept. */
  async function keyedWrite<E extends EndpointConfig>(
    http: HttpClient, entry: Omit<Keyed, 'answers' | 'sends'>, ep: E, input: EndpointRequest<E>, idOf: (out: EndpointOutput<E>) => number, mode: 'once' | 'retry' | 'twin',
  ): Promise<number | null> {
    const k: Keyed = { ...entry, answers: [], sends: mode === 'once' ? 1 : 2 };
    keyed.push(k);
    const send = async (twin: boolean) => {
      const out = await call(http, 'write', entry.op, ep, input, entry.key, twin);
      if (out) k.answers.push(idOf(out));
    };
    if (mode === 'twin') await Promise.all([send(true), send(true)]);
    else {
      await send(false);
      if (mode === 'retry') await send(false);
    }
    return k.answers[0] ?? null;
  }

  // Setup, as the company's admin: a scouting form whose answers make an observation, carry the write's key, and a photo.
  const admin = phoneClient();
  const signedIn = await call(admin.http, 'sign-in', 'sign in', authEndpoints.login, { email: opts.adminEmail ?? SCALE_ADMIN_EMAIL, password: SCALE_PASSWORD });
  if (!signedIn) throw new Error(`the admin ${opts.adminEmail ?? SCALE_ADMIN_EMAIL} could not sign in: is the database seeded (npm run seed:scale)?`);
  admin.setToken(signedIn.data.access_token);
  const companyId = signedIn.data.user.company_id;
  const domain = signedIn.data.user.email.split('@')[1]!;
  const saved = await call(admin.http, 'write', 'form template', formTemplatesEndpoints.saveFormTemplate, {
    templateName: `Load walk ${run}`, companyID: companyId,
    fields: [
      { fieldName: 'Problem', fieldType: 'problem', isRequired: 1 },
      { fieldName: 'Note', fieldType: 'text', isRequired: 1 },
      { fieldName: 'Photo', fieldType: 'photo', isRequired: 0 },
    ],
  } as EndpointRequest<typeof formTemplatesEndpoints.saveFormTemplate>, `load-${run}-template`);
  if (!saved) throw new Error('the load form template could not be saved');
  const [problemField, noteField, photoField] = saved.template.fields.map((f) => f.FieldID) as [number, number, number];
  const templateId = saved.template.TemplateID;
  const jpeg = await leafJpeg();
  let capturedSeq = 0;
  // Unique per scan (to the millisecond, before the load started): the scan's key as the database shows it.
  const loadStart = new Date();
  const capturedAt = () => new Date(loadStart.getTime() - 3_600_000 + capturedSeq++).toISOString();
  const deadline = performance.now() + opts.seconds * 1000;

  async function phone(i: number) {
    const { http, setToken } = phoneClient();
    const email = `scout${i}@${domain}`;
    const session = await call(http, 'sign-in', 'sign in', authEndpoints.login, { email, password: SCALE_PASSWORD });
    if (!session) return;
    setToken(session.data.access_token);
    const me = session.data.user.user_id;
    // What a phone opens after signing in: its tasks, the rooms of the day (coverage), the problem library, the forms.
    const [, coverage, library] = await Promise.all([
      call(http, 'read', 'tasks', tasksEndpoints.getTasks, { user_id: me, status: 'all' } as EndpointRequest<typeof tasksEndpoints.getTasks>),
      call(http, 'read', 'rooms of the day', scoutingCoverageEndpoints.getScoutingCoverage, { company_id: companyId }),
      call(http, 'read', 'problem library', plantProblemsEndpoints.loadPlantProblems, { company_id: companyId } as EndpointRequest<typeof plantProblemsEndpoints.loadPlantProblems>),
      call(http, 'read', 'forms', formTemplatesEndpoints.getFormTemplates, { company_id: companyId }),
    ]);
    const rooms = (coverage?.rooms ?? []).map((r) => r.RoomID);
    const problems = (library?.problems ?? []).map((p) => p.name);
    if (!rooms.length || !problems.length) return;
    let seq = 0;
    let lastResponse: number | null = null;
    let visit = 0;
    while (performance.now() < deadline) {
      // The room of the day: each phone its own, in turn.
      const roomId = rooms[(i - 1 + visit++) % rooms.length]!;
      const [map] = await Promise.all([
        call(http, 'read', 'room map', roomsEndpoints.loadRoomGridsBoxes, { company_id: companyId, room_id: roomId }),
        call(http, 'read', 'room problems', unresolvedProblemsEndpoints.getUnresolvedProblemsForRoom, { room_id: roomId }),
      ]);
      const grids = map?.rooms[0]?.grids ?? [];
      for (let g = 0; g < grids.length && performance.now() < deadline; g++) {
        const grid = grids[(i + g) % grids.length]!;
        // A few boxes of the grid, each opened, observed (with a photo), sometimes scanned.
        for (let b = 0; b < 3 && performance.now() < deadline; b++) {
          const box = grid.grid_boxes[(i * 7 + seq * 13) % grid.grid_boxes.length];
          if (!box) break;
          await Promise.all([
            call(http, 'read', 'box problems', unresolvedProblemsEndpoints.getUnresolvedProblemsForGridbox, { gridbox_id: box.id }),
            call(http, 'read', 'box history', formResponsesEndpoints.getFieldResponsesByGridbox, { GridBoxID: box.id } as EndpointRequest<typeof formResponsesEndpoints.getFieldResponsesByGridbox>),
            call(http, 'read', 'box sub-boxes', subGridboxesEndpoints.getSubGridboxes, { parent_gridbox_id: box.id } as EndpointRequest<typeof subGridboxesEndpoints.getSubGridboxes>),
          ]);
          await sleep(opts.thinkMs);
          const n = seq++;
          const key = `load-${run}-${i}-${n}`;
          const mode = n % 5 === 3 ? 'retry' : n % 7 === 5 ? 'twin' : 'once';
          const responseId = await keyedWrite(http, { key, op: 'observation', userId: me, marker: key }, formResponsesEndpoints.submitForm, {
            GridBoxID: box.id, templateID: templateId, submittedBy: me, submittedAt: new Date().toISOString(),
            fieldResponses: [{ fieldID: problemField, inputData: problems[n % problems.length]! }, { fieldID: noteField, inputData: key }],
          } as EndpointRequest<typeof formResponsesEndpoints.submitForm>, (o) => o.response_id, mode);
          if (responseId !== null) {
            lastResponse = responseId;
            // The photo's key as the web app makes it: the submission's, the photo's index and the response.
            await keyedWrite(http, { key: `${key}:photo:0:${responseId}`, op: 'photo', userId: me, marker: String(responseId) }, formResponsesEndpoints.submitFormImage, {
              image: upload(jpeg, 'leaf.jpg'), fieldID: photoField, submittedBy: me, submittedAt: new Date().toISOString(), response_id: responseId,
            } as EndpointRequest<typeof formResponsesEndpoints.submitFormImage>, (o) => o.field_response_id, n % 6 === 1 ? 'retry' : 'once');
          }
          if (n % 3 === 0) {
            const at = capturedAt();
            await keyedWrite(http, { key: `${key}:scan`, op: 'scan', userId: me, marker: at }, scansEndpoints.createScan, {
              company_id: companyId, scan_type: 'box', room_id: roomId, grid_id: grid.id, grid_box_id: box.id, images: [upload(jpeg, 'scan.jpg')], captured_at: at,
            } as unknown as EndpointRequest<typeof scansEndpoints.createScan>, (o) => o.scan.scan_id, n % 4 === 0 ? 'twin' : 'once');
          }
          await sleep(opts.thinkMs);
        }
        // The path walked: the grid marked scanned.
        const m = seq++;
        await keyedWrite(http, { key: `load-${run}-${i}-${m}:mark`, op: 'mark', userId: me, marker: String(grid.id) }, scoutingEndpoints.markGridScanned,
          { grid_id: grid.id, user_id: me }, (o) => o.GridID, m % 4 === 2 ? 'retry' : 'once');
        // Back on the network: the outbox made offline is sent in order, then sent again whole (its answers were lost).
        if (lastResponse !== null && g % 2 === 0) {
          const o = seq++;
          const outbox: Array<() => Promise<unknown>> = [];
          for (let c = 0; c < 2; c++) {
            const key = `load-${run}-${i}-${o}:comment:${c}`;
            const input = { ResponseID: lastResponse, UserID: me, CommentText: `outbox ${key}` };
            outbox.push(() => keyedWrite(http, { key, op: 'comment', userId: me, marker: input.CommentText }, commentsEndpoints.addComment, input, (x) => x.comment.CommentID, 'retry'));
          }
          const at = capturedAt();
          const box = grid.grid_boxes[(o * 11) % grid.grid_boxes.length]!;
          outbox.push(() => keyedWrite(http, { key: `load-${run}-${i}-${o}:outbox-scan`, op: 'scan', userId: me, marker: at }, scansEndpoints.createScan, {
            company_id: companyId, scan_type: 'box', room_id: roomId, grid_id: grid.id, grid_box_id: box.id, images: [upload(jpeg, 'offline.jpg')], captured_at: at,
          } as unknown as EndpointRequest<typeof scansEndpoints.createScan>, (x) => x.scan.scan_id, 'retry'));
          for (const send of outbox) await send();
        }
      }
    }
  }

  const t0 = performance.now();
  log(`${opts.scouts} phones for ${opts.seconds} s against ${opts.api} (company ${companyId}, think ${opts.thinkMs} ms)`);
  await Promise.all(Array.from({ length: opts.scouts }, (_, k) => phone(k + 1)));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const last = opts.rss?.();
  if (last !== null && last !== undefined) peakRss = Math.max(peakRss ?? 0, last);

  const recount = () => countRows(opts.db, companyId, { noteField, photoField }, keyed, loadStart);
  return { calls, failures, keyed, counts: await recount(), peakRss, seconds, recount };
}

/**
 * Counts in the database what each key made: an observation's form response (its Note answer is the key), a photo
 * (the photo answers of its response), a scan (its captured_at, unique per key), a comment (its text); a mark has no
 * column to carry its key, so marks are counted per scout: the grid marks since the load started must equal the
 * scout's mark keys plus its scans (a scan marks its grid too). Every key must also have its committed receipt.
 */
async function countRows(db: Counter, companyId: number, f: { noteField: number; photoField: number }, keyed: Keyed[], since: Date) {
  const byMarker = async (text: string, values: unknown[]) => new Map((await db.query(text, values)).rows.map((r) => [String(r.m), Number(r.n)]));
  const notes = await byMarker(`SELECT input_data AS m, count(*) AS n FROM field_responses WHERE company_id = $1 AND field_id = $2 GROUP BY 1`, [companyId, f.noteField]);
  const photos = await byMarker(`SELECT response_id::text AS m, count(*) AS n FROM field_responses WHERE company_id = $1 AND field_id = $2 GROUP BY 1`, [companyId, f.photoField]);
  const scans = await byMarker(`SELECT to_char(captured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS m, count(*) AS n FROM scans
    WHERE company_id = $1 AND captured_at >= $2::timestamptz - interval '2 hours' AND captured_at < $2::timestamptz GROUP BY 1`, [companyId, since.toISOString()]);
  const comments = await byMarker(`SELECT comment_text AS m, count(*) AS n FROM comments WHERE company_id = $1 AND comment_text LIKE 'outbox %' GROUP BY 1`, [companyId]);
  const marks = await byMarker(`SELECT user_id::text AS m, count(*) AS n FROM scan_marks WHERE company_id = $1 AND grid_id IS NOT NULL AND scanned_at >= $2 GROUP BY 1`, [companyId, since.toISOString()]);
  const receipts = await byMarker(`SELECT key AS m, count(*) AS n FROM idempotency_keys WHERE key = ANY($1::text[]) AND committed_at IS NOT NULL GROUP BY 1`, [keyed.map((k) => k.key)]);

  let lost = 0;
  let doubled = 0;
  let answersDiffer = 0;
  let receiptsMissing = 0;
  const rowsOf: Record<Exclude<Keyed['op'], 'mark'>, Map<string, number>> = { observation: notes, photo: photos, scan: scans, comment: comments };
  for (const k of keyed) {
    // A key no send of which was answered is an error (printed); it must still not have made two rows.
    const answered = k.answers.length > 0;
    if (new Set(k.answers).size > 1) answersDiffer++;
    if (answered && !receipts.get(k.key)) receiptsMissing++;
    if (k.op === 'mark') continue;
    const n = rowsOf[k.op].get(k.marker) ?? 0;
    if (n === 0 && answered) lost++;
    if (n > 1) doubled++;
  }
  // Marks, per scout.
  let marksExpected = 0;
  let marksFound = 0;
  for (const user of new Set(keyed.map((k) => k.userId))) {
    const expected = keyed.filter((k) => k.userId === user && (k.op === 'mark' || k.op === 'scan') && k.answers.length > 0).length;
    const found = marks.get(String(user)) ?? 0;
    marksExpected += expected;
    marksFound += found;
    if (found < expected) lost += expected - found;
    if (found > expected) doubled += found - expected;
  }
  return { keys: keyed.length, lost, doubled, answersDiffer, receiptsMissing, marksExpected, marksFound };
}

/** p50 / p95 of a set of calls in ms. */
export function timing(calls: Call[]) {
  const ms = calls.map((c) => c.ms);
  return ms.length ? { n: ms.length, p50: pct(ms, 50), p95: pct(ms, 95) } : { n: 0, p50: NaN, p95: NaN };
}

/** The result as a markdown table: every kind and operation with its count, p50, p95 and failures. */
export function resultTable(r: LoadResult): string[] {
  const row = (name: string, cs: Call[], fails: number) => {
    const t = timing(cs);
    return `| ${name} | ${t.n} | ${t.p50.toFixed(0)} | ${t.p95.toFixed(0)} | ${fails} |`;
  };
  const ops = [...new Set(r.calls.map((c) => `${c.kind}\u0000${c.op}`))].map((s) => s.split('\u0000') as [Kind, string]);
  return [
    '| requests | n | p50 ms | p95 ms | errors |',
    '|:---|---:|---:|---:|---:|',
    row('**all writes**', r.calls.filter((c) => c.kind === 'write'), r.failures.filter((f) => ops.some(([k, o]) => k === 'write' && o === f.op)).length),
    row('**all reads**', r.calls.filter((c) => c.kind === 'read'), r.failures.filter((f) => ops.some(([k, o]) => k === 'read' && o === f.op)).length),
    ...ops.map(([kind, op]) => row(`${kind}: ${op}`, r.calls.filter((c) => c.kind === kind && c.op === op), r.failures.filter((f) => f.op === op).length)),
  ];
}
