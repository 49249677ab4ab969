import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { parseEnv } from '../../config/env.js';
import { openScratchDatabase } from '../../db/scratch-database.js';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { makeTenant } from '../../test/factories.js';
import { RECURRING_TASKS_QUEUE, runRecurringTasks } from './recurring-tasks.js';

describe('recurring tasks across a restart', () => {
  it('the schedule is still there after a restart and an occurrence made before it is not made again', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'verdant-recurring-'));
    const database = await openScratchDatabase({ serverUrl: process.env.TEST_DATABASE_URL, dir, prefix: 'verdant_test' });
    const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: dir }), trustProxy: true };
    const start = () => buildApp(config, { database: database.target, jobs: true, mailer: { send: async () => {} }, logger: false });
    try {
      const first = await start();
      await first.ready();
      const tenant = await makeTenant(first);
      await makeTemplate(first, tenant.companyId, 'Task', 'Task', [['Task', 'text', [], true]]);
      const res = await first.inject({
        method: 'POST', url: '/api/submit_task_automation', headers: tenant.admin.auth,
        payload: { company_id: tenant.companyId, title: 'Check the heaters', frequency: 'daily', time_of_day: '00:00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().taskTemplate.id as number;
      const now = new Date();
      await runRecurringTasks(first.db, now);
      await first.close();

      const second = await start();
      await second.ready();
      try {
        expect((await second.boss!.getSchedules()).map((s) => s.name)).toContain(RECURRING_TASKS_QUEUE);
        const again = await runRecurringTasks(second.db, now);
        expect(again.created).toEqual([]);
        const made = await second.db.selectFrom('tasks').select('response_id').where('task_template_id', '=', id).execute();
        // Made once: by the pass before the restart, or by the start's own catch-up pass — never by both.
        expect(made).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
