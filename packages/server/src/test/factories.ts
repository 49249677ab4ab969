import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { Role, UserRole } from '@verdant/contract';

export interface TestUser {
  user_id: number;
  company_id: number;
  user_role: UserRole;
  email: string;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  auth: { authorization: string };
}

const unique = () => randomBytes(4).toString('hex');

export async function makeCompany(app: FastifyInstance, name = `Greenhouse ${unique()}`): Promise<number> {
  const row = await app.db
    .insertInto('companies')
    .values({ company_name: name, contact_email: `owner-${unique()}@example.com` })
    .returning('company_id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('company_settings').values({ company_id: row.company_id }).execute();
  return row.company_id;
}

export async function makeUser(
  app: FastifyInstance,
  companyId: number,
  role: Role = 'Admin',
  password = 'correct horse battery',
): Promise<TestUser> {
  const email = `${role.toLowerCase()}-${unique()}@example.com`;
  const user = await app.db
    .insertInto('users')
    .values({
      company_id: companyId,
      email,
      first_name: 'Test',
      last_name: role,
      password_hash: await hash(password),
      user_role: role,
    })
    .returning(['user_id', 'company_id', 'user_role'])
    .executeTakeFirstOrThrow();
  const token = await app.tokens.signAccess(user);
  return { ...user, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** A company with one user of each role. */
export async function makeTenant(app: FastifyInstance) {
  const companyId = await makeCompany(app);
  return {
    companyId,
    superAdmin: await makeUser(app, companyId, 'SuperAdmin'),
    admin: await makeUser(app, companyId, 'Admin'),
    regular: await makeUser(app, companyId, 'Regular'),
  };
}
