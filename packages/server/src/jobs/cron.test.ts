import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

const src = fileURLToPath(new URL('..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });

describe('one cron helper', () => {
  it('no code but jobs/cron.ts sets up a pg-boss schedule', () => {
    const scheduling = sources(src)
      .filter((file) => /\.schedule\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(scheduling).toEqual(['jobs/cron.ts']);
  });

  describe('with jobs running', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({}, { jobs: true });
    });
    afterAll(() => t?.close());

    it('every scheduled job is registered through it, with its schedule in UTC and a singleton queue', { timeout: 60_000 }, async () => {
      const schedules = Object.fromEntries((await t.app.boss!.getSchedules()).map((s) => [s.name, { cron: s.cron, tz: 'timezone' in s ? s.timezone : undefined }]));
      expect(schedules).toMatchObject({
        'tasks-recurring': { cron: '* * * * *', tz: 'UTC' },
        'notification-schedules': { cron: '* * * * *', tz: 'UTC' },
        'observation-days-compaction': { cron: '*/5 * * * *', tz: 'UTC' },
      });
      for (const name of Object.keys(schedules)) expect((await t.app.boss!.getQueue(name))?.policy).toBe('singleton');
    });
  });
});
