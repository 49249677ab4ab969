import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config/env.js';
import { ConfigError } from '../config/env.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { DEMO_ADMIN_EMAIL, DEMO_COMPANY_NAME, demoSeeders, firstStart, type DemoSeeder } from './first-start.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = async (firstStartConfig: Partial<Config['firstStart']> = {}) => {
  const base = { demo: true, ...firstStartConfig };
  t = await buildTestApp({ firstStart: base });
  return t;
};
const signIn = (app: TestApp['app'], email: string, password: string) => {
  const f = new FormData();
  f.append('email', email);
  f.append('password', password);
  return app.inject({ method: 'POST', url: '/api/login', payload: f });
};

describe('firstStart', () => {
  it('creates the demo company and SuperAdmin, prints the generated password once, and seeds demo data', async () => {
    const { app } = await start();
    const printed: string[] = [];
    const seeded: Array<{ companyId: number; userId: number }> = [];
    const seeder: DemoSeeder = async (_app, ctx) => void seeded.push(ctx);
    demoSeeders.push(seeder);
    try {
      const result = await firstStart(app, (text) => printed.push(text));
      expect(result).toMatchObject({ email: DEMO_ADMIN_EMAIL, demo: true });
      expect(seeded).toEqual([{ companyId: result!.companyId, userId: result!.userId }]);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(`${app.config.publicUrl}/signIn`);
      expect(printed[0]).toContain(DEMO_ADMIN_EMAIL);
      expect(printed[0]).toContain(result!.generatedPassword!);

      const company = await app.db.selectFrom('companies').selectAll().executeTakeFirstOrThrow();
      expect(company.company_name).toBe(DEMO_COMPANY_NAME);
      const settings = await app.db.selectFrom('company_settings').selectAll().where('company_id', '=', company.company_id).executeTakeFirst();
      expect(settings).toBeDefined();
      const login = await signIn(app, DEMO_ADMIN_EMAIL, result!.generatedPassword!);
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user).toMatchObject({ user_role: 'SuperAdmin', company_id: company.company_id });

      expect(await firstStart(app, (text) => printed.push(text))).toBeNull();
      expect(printed).toHaveLength(1);
      expect(seeded).toHaveLength(1);
    } finally {
      demoSeeders.splice(demoSeeders.indexOf(seeder), 1);
    }
  });

  it('uses the configured company and admin, prints nothing and adds no demo data', async () => {
    const { app } = await start({ companyName: 'Fern & Co', adminEmail: 'Owner@Fern.example', adminPassword: 'a strong password' });
    const printed: string[] = [];
    const seeded: number[] = [];
    const seeder: DemoSeeder = async (_app, ctx) => void seeded.push(ctx.companyId);
    demoSeeders.push(seeder);
    try {
      const result = await firstStart(app, (text) => printed.push(text));
      expect(result).toMatchObject({ email: 'owner@fern.example', demo: false, generatedPassword: undefined });
      expect(printed).toEqual([]);
      expect(seeded).toEqual([]);
      expect((await app.db.selectFrom('companies').select('company_name').executeTakeFirstOrThrow()).company_name).toBe('Fern & Co');
      expect((await signIn(app, 'owner@fern.example', 'a strong password')).statusCode).toBe(200);
    } finally {
      demoSeeders.splice(demoSeeders.indexOf(seeder), 1);
    }
  });

  it('skips demo data with VERDANT_DEMO=0', async () => {
    const { app } = await start({ demo: false });
    let seeded = 0;
    const seeder: DemoSeeder = async () => void seeded++;
    demoSeeders.push(seeder);
    try {
      expect(await firstStart(app, () => {})).toMatchObject({ demo: true });
      expect(seeded).toBe(0);
    } finally {
      demoSeeders.splice(demoSeeders.indexOf(seeder), 1);
    }
  });

  it('creates exactly one company when two servers start at once', async () => {
    const { app } = await start();
    const results = await Promise.all([firstStart(app, () => {}), firstStart(app, () => {})]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const counts = await app.db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(1);
    const users = await app.db.selectFrom('users').select('user_id').execute();
    expect(users).toHaveLength(1);
  });

  it('refuses a configured password equal to the e-mail with a configuration error', async () => {
    const { app } = await start({ adminEmail: 'owner@fern.example', adminPassword: 'OWNER@fern.example' });
    await expect(firstStart(app, () => {})).rejects.toBeInstanceOf(ConfigError);
  });
});
