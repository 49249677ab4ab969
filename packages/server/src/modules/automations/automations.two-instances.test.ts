import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { parseEnv, type Config } from '../../config/env.js';
import { openScratchDatabase, type ScratchDatabase } from '../../db/scratch-database.js';
import { DEFAULT_WEBHOOK_HOSTS } from '../../lib/webhooks/index.js';
import { makeTenant } from '../../test/factories.js';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { startWebhookReceiver } from '../../test/fixtures/delivery-receivers.js';

/**
 * Two API instances on one PostgreSQL database, each with its pg-boss and delivery worker (as two processes
 * behind a load balancer would be): events raised through either are delivered once, not once per instance.
 * Needs a real PostgreSQL (TEST_DATABASE_URL): the embedded database belongs to one process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

let db: ScratchDatabase;
let apps: FastifyInstance[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  if (!serverUrl) return;
  receiver = await startWebhookReceiver('slack');
  db = await openScratchDatabase({ serverUrl, prefix: 'verdant_test' });
  const secret = randomBytes(32).toString('hex');
  const config: Config = {
    ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `verdant-test-${randomBytes(4).toString('hex')}`) }),
    jwtSecret: secret,
    validateResponses: true,
    webhooks: { allowHosts: DEFAULT_WEBHOOK_HOSTS, allowLoopbackForTests: true },
    notificationDelivery: { retryLimit: 2, retryDelaySeconds: 1, pollMs: 100, batchSize: 5 },
  };
  // One after the other: the second finds the migrations done.
  for (let i = 0; i < 2; i++) {
    const app = await buildApp(config, { database: db.target, jobs: true, logger: false });
    await app.ready();
    apps.push(app);
  }
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  apps = [];
  await db?.drop();
  await receiver?.close();
});

describe.skipIf(!serverUrl)('two API instances on one database', () => {
  it('deliver each event once between them', { timeout: 120_000 }, async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const a = await makeTenant(one);
    const form = await makeTemplate(one, a.companyId, 'Scouting', 'scouting', [['Problem', 'problem', [], true]]);
    const made = await two.inject({
      method: 'POST', url: `/api/Create_new_notification?user_id=${a.admin.user_id}`, headers: a.admin.auth,
      payload: { trigger: 'problem_observed', method: 'slack', slack_webhook_url: receiver.url },
    });
    expect(made.statusCode, made.body).toBe(200);
    const EVENTS = 40;
    await Promise.all(Array.from({ length: EVENTS }, async (_x, i) => {
      const res = await (i % 2 ? two : one).inject({
        method: 'POST', url: '/api/submit_form', headers: a.regular.auth,
        payload: { submittedBy: a.regular.user_id, fieldResponses: [{ fieldID: form.field.Problem!, inputData: `Pest ${i}` }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }));
    const deadline = Date.now() + 90_000;
    const sent = async () => Number((await one.database.query(`SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'sent'`)).rows[0]!.n);
    while ((await sent()) < EVENTS) {
      if (Date.now() > deadline) throw new Error('deliveries did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Both workers idle: nothing left that could arrive late.
    for (const app of apps) {
      while ((await app.boss!.getQueueSize('notification-delivery')) > 0) await new Promise((r) => setTimeout(r, 100));
    }
    const keys = receiver.received.map((r) => /Pest (\d+)/.exec(JSON.stringify(r.body))?.[1]);
    expect(keys).toHaveLength(EVENTS);
    expect(new Set(keys).size).toBe(EVENTS);
  });
});
