/**
 * Offline replay benchmark: 500 form submissions queued on a "device" (Dexie on fake-indexeddb in Node)
 * are sent by the web app's own queue code (`createFormQueue().flush()`: one at a time, in order, each
 * with its Idempotency-Key, a database read and delete per item) to the real server — beside the same
 * 500 submissions posted directly with the web app's fetch client (also one at a time, also with an Idempotency-Key), in the
 * same run against the same server.
 *
 * Goal (issue 4): the replay takes ≤ 10 s and reaches ≥ 50 % of the direct throughput.
 * Env: BENCH_SUBMISSIONS (default 500), DATABASE_URL (a PostgreSQL server; a fresh database is made there).
 */
import 'fake-indexeddb/auto';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axios from 'axios';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { openScratchDatabase } from '../packages/server/src/db/scratch-database.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { OfflineDatabase } from '../packages/web/src/offline/db.js';
import { createFormQueue } from '../packages/web/src/api/form-responses.js';
import { createHttpClient } from '../packages/web/src/api/http-client.js';

const COUNT = Number(process.env.BENCH_SUBMISSIONS ?? 500);
const GOAL_SECONDS = 10;
const GOAL_RATIO = 0.5;

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-offline-'));
  const database = await openScratchDatabase({ serverUrl: process.env.DATABASE_URL, dir: path.join(tmp, 'pgdata'), prefix: 'verdant_bench' });
  const config = {
    ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp, JWT_SECRET: randomBytes(32).toString('hex') }),
    webDist: undefined,
  };
  const app = await buildApp(config, { database: database.target, jobs: false, logger: false });
  await app.ready();
  const local = new OfflineDatabase(`bench-${randomUUID()}`);
  try {
    const companyId = await makeCompany(app, 'Bench Greenhouses');
    const admin = await makeUser(app, companyId, 'Admin');
    const scout = await makeUser(app, companyId, 'Regular');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const baseURL = `http://127.0.0.1:${port}/api`;

    const asAdmin = axios.create({ baseURL, headers: admin.auth });
    const saved = await asAdmin.post('/save_form_template', {
      templateName: 'Bench scouting',
      companyID: companyId,
      fields: [
        { fieldName: 'Note', fieldType: 'text', isRequired: 1 },
        { fieldName: 'Plants checked', fieldType: 'number', isRequired: 0 },
      ],
    });
    const template = saved.data.template as { TemplateID: number; fields: Array<{ FieldID: number }> };
    const [note, count] = template.fields.map((f) => f.FieldID) as [number, number];
    // The web app's own client (fetch), as the queue uses it in the browser.
    const client = createHttpClient({ baseURL, beforeRequest: (c) => ({ ...c, headers: { ...c.headers, ...scout.auth } }) });
    const submission = (i: number, tag: string) => ({
      kind: 'box' as const,
      submittedBy: scout.user_id,
      templateID: template.TemplateID,
      submittedAt: new Date(Date.now() - 60_000).toISOString(),
      fieldResponses: [
        { fieldID: note, inputData: `${tag} ${i}` },
        { fieldID: count, inputData: i % 50 },
      ],
    });

    // Warm-up: the first requests pay for JIT and connection set-up on both paths.
    for (let i = 0; i < 20; i++) {
      await client.post('/submit_form', { ...submission(i, 'warm'), kind: undefined }, { headers: { 'Idempotency-Key': randomUUID() } });
    }

    // Direct: the same submissions, posted one after another.
    const directStart = performance.now();
    for (let i = 0; i < COUNT; i++) {
      const { kind: _kind, ...body } = submission(i, 'direct');
      await client.post('/submit_form', body, { headers: { 'Idempotency-Key': randomUUID() } });
    }
    const directMs = performance.now() - directStart;

    // Replay: queued offline (not timed), then sent by the queue when the connection returns.
    const queue = createFormQueue({ database: local, client });
    const offline = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: false } });
    for (let i = 0; i < COUNT; i++) await queue.submitFormResponse(submission(i, 'replay'));
    if (offline) Object.defineProperty(globalThis, 'navigator', offline);
    else Reflect.deleteProperty(globalThis, 'navigator');
    const queued = await local.offlineFormResponses.count();

    const replayStart = performance.now();
    const result = await queue.flush({ force: true });
    const replayMs = performance.now() - replayStart;

    const stored = await app.db
      .selectFrom('form_responses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('submitted_by', '=', scout.user_id)
      .executeTakeFirstOrThrow();

    const directRps = COUNT / (directMs / 1000);
    const replayRps = COUNT / (replayMs / 1000);
    const ratio = replayRps / directRps;
    const ok = replayMs <= GOAL_SECONDS * 1000 && ratio >= GOAL_RATIO && result.sent.length === COUNT && result.remaining === 0;
    console.info(`Offline replay benchmark — ${COUNT} submissions, ${database.label}${database.target.kind === 'embedded' ? ' (in-process PGlite)' : ''}, Node ${process.version}`);
    console.info(`queued on the device: ${queued}; sent by the queue: ${result.sent.length}, refused: ${result.failed.length}, left: ${result.remaining}`);
    console.info(`responses stored for the scout (20 warm-up + direct + replay): ${stored.n}`);
    console.info('');
    console.info('| path                          | total (s) | submissions/s | ms/submission |');
    console.info('|:------------------------------|----------:|--------------:|--------------:|');
    console.info(`| direct POST /submit_form      | ${(directMs / 1000).toFixed(2).padStart(9)} | ${directRps.toFixed(1).padStart(13)} | ${(directMs / COUNT).toFixed(2).padStart(13)} |`);
    console.info(`| queue replay (flush)          | ${(replayMs / 1000).toFixed(2).padStart(9)} | ${replayRps.toFixed(1).padStart(13)} | ${(replayMs / COUNT).toFixed(2).padStart(13)} |`);
    console.info('');
    console.info(`replay / direct throughput: ${(ratio * 100).toFixed(1)} % (goal ≥ ${GOAL_RATIO * 100} %); replay ${(replayMs / 1000).toFixed(2)} s (goal ≤ ${GOAL_SECONDS} s) → ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    local.close();
    await app.close();
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
