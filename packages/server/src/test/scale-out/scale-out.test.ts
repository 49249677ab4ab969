import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, readOutbox, signInScout, until } from '../over-http.js';

/**
 * The scale-out proof (docs/decisions.md, "Scale-out proof"): two API server PROCESSES on one PostgreSQL,
 * reached over real HTTP. `npm run test:scale-out` (scripts/scale-out.mjs) starts them and sets:
 *   SCALE_OUT_API_A, SCALE_OUT_API_B   the two servers' base addresses
 *   SCALE_OUT_DATABASE_URL             their database (read here only to count what was written)
 *   SCALE_OUT_OUTBOX                   the outbox folder both write mails to (no SMTP_URL)
 *   SCALE_OUT_ADMIN_EMAIL / _PASSWORD  the SuperAdmin both were first-started with
 * Without them the suite is skipped.
 */
const env = {
  a: process.env.SCALE_OUT_API_A,
  b: process.env.SCALE_OUT_API_B,
  db: process.env.SCALE_OUT_DATABASE_URL,
  outbox: process.env.SCALE_OUT_OUTBOX,
  email: process.env.SCALE_OUT_ADMIN_EMAIL,
  password: process.env.SCALE_OUT_ADMIN_PASSWORD,
};
const ready = Object.values(env).every(Boolean);

/** Where the problem automation of the first test mails to; later tests' problem answers reach it too. */
/** Problem answers submitted by the delivery test, and Idempotency-Keys (each one more problem answer) by the keyed test. */
const EVENTS = 24;
const KEYS = 10;
const recipient = `alerts-${randomBytes(4).toString('hex')}@verdant.test`;
let pool: pg.Pool;
let A: string;
let B: string;
let token: string;
let userId: number;
let companyId: number;
let problemField: number;
let severityField: number;

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows[0]!;
const count = async (text: string, values: unknown[] = []) => Number((await one<{ n: string }>(text, values)).n);

beforeAll(async () => {
  if (!ready) return;
  A = env.a!.replace(/\/$/, '');
  B = env.b!.replace(/\/$/, '');
  pool = new pg.Pool({ connectionString: env.db, max: 3 });
  ({ token, userId, companyId, problemField, severityField } = await signInScout(A, env.email!, env.password!));
  // The token A signed is good on B: one secret, no server-side session.
  const templates = await call(B, 'GET', `/get_form_templates?company_id=${companyId}`, { token });
  expect(templates.status, templates.text).toBe(200);
}, 60_000);

afterAll(async () => {
  await pool?.end();
});

/** Every delivery of the company sent, and no delivery job of either worker left that could send one again. */
async function deliveriesSettled(expected: number) {
  const deliveries = 'SELECT count(*) AS n FROM notification_deliveries WHERE company_id = $1';
  await until('every delivery to be sent', 150_000, async () =>
    (await count(`${deliveries} AND status = 'sent'`, [companyId])) === expected &&
    (await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'notification-delivery' AND state <> 'completed'`)) === 0,
  );
  expect(await count(deliveries, [companyId])).toBe(expected);
}

const outbox = () => readOutbox(env.outbox!);

const scoutingAnswer = (problem: string) => ({
  submittedBy: userId,
  fieldResponses: [
    { fieldID: problemField, inputData: problem },
    { fieldID: severityField, inputData: '3' },
  ],
});

describe.skipIf(!ready)('two API processes on one PostgreSQL', () => {
  it('deliver a triggering event once, not once per process', { timeout: 180_000 }, async () => {
    const made = await call(A, 'POST', `/Create_new_notification?user_id=${userId}`, {
      token, body: { trigger: 'problem_observed', method: 'email', email_recipient: recipient },
    });
    expect(made.status, made.text).toBe(200);

    // Events raised half through A, half through B, at once: each process's worker polls the one queue.
    const submitted = await Promise.all(
      Array.from({ length: EVENTS }, (_x, i) => call(i % 2 ? B : A, 'POST', '/submit_form', { token, body: scoutingAnswer(`Scale-out pest ${i}`) })),
    );
    for (const s of submitted) expect(s.status, s.text).toBe(200);

    await deliveriesSettled(EVENTS);
    const pests = (await outbox()).filter((m) => m.to.includes(recipient)).map((m) => /Scale-out pest (\d+)/.exec(m.text)?.[1]);
    expect(pests).toHaveLength(EVENTS);
    expect(new Set(pests)).toEqual(new Set(Array.from({ length: EVENTS }, (_x, i) => String(i))));
  });

  it('make a recurring task that is due once, though both schedulers run', { timeout: 240_000 }, async () => {
    const zone = (await pool.query<{ time_zone: string | null }>('SELECT time_zone FROM company_settings WHERE company_id = $1', [companyId])).rows[0]?.time_zone ?? 'UTC';
    // This minute in the company's zone: the occurrence of today is due now, and never one of yesterday.
    const now = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
    const title = `Scale-out check ${randomBytes(3).toString('hex')}`;
    const made = await call(B, 'POST', '/submit_task_automation', { token, body: { company_id: companyId, title, frequency: 'daily', time_of_day: now, assignee_id: userId } });
    expect(made.status, made.text).toBe(200);
    const templateId = (made.body.taskTemplate as { task_template_id: number }).task_template_id;

    const tasks = () => count('SELECT count(*) AS n FROM tasks WHERE task_template_id = $1', [templateId]);
    await until('the recurring task', 150_000, async () => (await tasks()) > 0);
    const madeAt = (await one<{ at: Date }>('SELECT min(created_at) AS at FROM task_occurrences WHERE task_template_id = $1', [templateId])).at;
    // A later scheduler slot has run to its end too (on whichever process took it), and made nothing more.
    await until('a scheduler slot after the task', 150_000, async () =>
      (await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'tasks-recurring' AND state = 'completed' AND started_on > $1`, [madeAt])) > 0,
    );
    expect(await tasks()).toBe(1);
    expect(await count('SELECT count(*) AS n FROM task_occurrences WHERE task_template_id = $1', [templateId])).toBe(1);

    // The task is one answer on both processes.
    for (const base of [A, B]) {
      const list = await call(base, 'GET', `/get_tasks?user_id=${userId}&per_page=200`, { token });
      expect(list.status, list.text).toBe(200);
      expect(list.text.split(title).length - 1).toBe(1);
    }
  });

  it('hold the sign-in limit over both processes: the same total as on one', { timeout: 60_000 }, async () => {
    const email = `guess-${randomBytes(4).toString('hex')}@verdant.test`;
    const statuses: number[] = [];
    // Limit 5 per account and address in 15 minutes (config/env.ts authRateLimit); alternate the processes.
    for (let i = 0; i < 7; i++) {
      const res = await call(i % 2 ? B : A, 'POST', '/login', { body: { email, password: `wrong-${i}` } });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // At once, half on each: never more than the limit get to try a password.
    const burst = `burst-${randomBytes(4).toString('hex')}@verdant.test`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_x, i) => call(i % 2 ? B : A, 'POST', '/login', { body: { email: burst, password: `wrong-${i}` } })),
    );
    const tried = answers.filter((r) => r.status === 401).length;
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(5);
    // The account's own sign-in still works: the guesses were under other e-mails.
    expect((await call(B, 'POST', '/login', { body: { email: env.email, password: env.password } })).status).toBe(200);
  });

  it('apply an Idempotency-Key sent to both processes at once once, and answer it the same on both', { timeout: 60_000 }, async () => {
    const run = randomBytes(3).toString('hex');
    const sendUntilSettled = async (base: string, key: string, body: unknown) => {
      // A repeat that arrives while the first is still running is told 409 "in progress"; the client retries.
      let res = await call(base, 'POST', '/submit_form', { token, body, headers: { 'idempotency-key': key } });
      const deadline = Date.now() + 30_000;
      while (res.status === 409 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        res = await call(base, 'POST', '/submit_form', { token, body, headers: { 'idempotency-key': key } });
      }
      return res;
    };
    await Promise.all(
      Array.from({ length: KEYS }, async (_x, k) => {
        const key = `scale-out-${run}-${k}`;
        const body = scoutingAnswer(`Keyed pest ${run} ${k}`);
        const [fromA, fromB] = await Promise.all([sendUntilSettled(A, key, body), sendUntilSettled(B, key, body)]);
        expect(fromA.status, fromA.text).toBe(200);
        expect(fromB.status, fromB.text).toBe(200);
        expect(fromB.body).toEqual(fromA.body);
        // One of the two was the write, the other its replay.
        expect([fromA.headers.get('idempotent-replayed'), fromB.headers.get('idempotent-replayed')].filter((h) => h === 'true')).toHaveLength(1);
      }),
    );
    for (let k = 0; k < KEYS; k++) {
      const writes = await count(
        'SELECT count(*) AS n FROM field_responses WHERE company_id = $1 AND field_id = $2 AND input_data = $3',
        [companyId, problemField, `Keyed pest ${run} ${k}`],
      );
      expect(writes, `key ${k}`).toBe(1);
    }
  });

  it('never send one mail twice, whichever process sent it', { timeout: 180_000 }, async () => {
    // The keyed answers above are problem observations too: EVENTS + KEYS events for the automation, nothing else mailed.
    await deliveriesSettled(EVENTS + KEYS);
    const mails = await outbox();
    expect(mails.filter((m) => m.to.includes(recipient))).toHaveLength(EVENTS + KEYS);
    const seen = new Map<string, number>();
    for (const m of mails) {
      const key = `${m.to}\n${m.subject}\n${m.text}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });
});
