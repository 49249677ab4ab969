import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config/env.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeTenant } from './factories.js';

/**
 * The setup most route test files share: one app on a fresh database and two companies, `a` (the
 * caller's) and `b` (another tenant). `useTwoTenants()` starts it for a test file; `t`, `a` and `b`
 * are live bindings (each test file has its own copy of this module).
 */
export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

export let t: TestApp;
export let a: Tenant;
export let b: Tenant;

export function useTwoTenants(overrides: Partial<Config> = {}) {
  beforeAll(async () => {
    t = await buildTestApp(overrides);
    a = await makeTenant(t.app);
    b = await makeTenant(t.app);
  });
  afterAll(() => t.close());
}
