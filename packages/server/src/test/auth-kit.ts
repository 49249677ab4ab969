import { expect } from 'vitest';
import { t, useTwoTenants, type Tenant } from './two-tenants.js';

export { a, b, t, type Tenant } from './two-tenants.js';

/** The auth route tests' app: two companies, sign-in limits tightened to 3 per account and address. */
export const useAuthApp = () => useTwoTenants({ authRateLimit: { max: 3, windowMs: 60_000 } });

let ipSeq = 0;
/** Each test signs in from its own address so the per-IP limit of one test does not leak into another. */
export const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
export const login = (email: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': ip }, payload: form({ email, password }) });
export const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh_token', headers: { authorization: `Bearer ${token}` } });
export const invite = async (tenant: Tenant, email: string, role = 'Regular') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create_invitation',
    headers: tenant.admin.auth,
    payload: { company_id: tenant.companyId, email, role },
  });
  expect(res.statusCode).toBe(200);
  return res.json().invite_token as string;
};
export const signUp = (fields: Partial<Record<'first_name' | 'last_name' | 'email' | 'password' | 'invite_token', string>>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Create_new_user',
    payload: form({ first_name: 'Rosa', last_name: 'Green', password: 'sunflower-42', ...fields } as Record<string, string>),
  });
export const usersWith = (accessToken: string, companyId: number) =>
  t.app.inject({ method: 'GET', url: `/api/load_users?company_id=${companyId}`, headers: { authorization: `Bearer ${accessToken}` } });
export const audit = (action: string) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
