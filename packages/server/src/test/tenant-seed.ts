import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EndpointConfig } from '@verdant/contract';
import { makeTenant } from './factories.js';
import type { SampleHints } from './zod-sample.js';

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

export interface SeededTenant extends Tenant {
  /** Strings only this tenant's data contains; no other tenant's answer may include one. */
  markers: string[];
  /** This tenant's ids, keyed by the normalised wire name that carries them (see `normaliseIdKey`). */
  ids: Record<string, number>;
}

/** 'Grid_boxIDs', 'grid_box_id' and 'GridBoxID' all name the same thing: 'gridboxid'. */
export const normaliseIdKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/s$/, '');

/**
 * A company with users of every role and data in every domain. Seed it before any other tenant so
 * its rows hold the low ids: a guessed id (1) then names this tenant's data, not nothing.
 * A domain that adds tenant data adds a row of it here, its id under `ids` and a marker if it has text.
 */
export async function seedTenantWithData(app: FastifyInstance): Promise<SeededTenant> {
  const tag = randomBytes(4).toString('hex');
  const tenant = await makeTenant(app);
  const company = await app.db
    .updateTable('companies')
    .set({ company_name: `Marker Orchids ${tag}`, contact_name: `Marker Contact ${tag}`, contact_phone: `+99 ${tag}` })
    .where('company_id', '=', tenant.companyId)
    .returningAll()
    .executeTakeFirstOrThrow();

  const settings = (path: string, query: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api${path}`, headers: tenant.admin.auth, query: { company_id: String(tenant.companyId), ...query } });
  for (const [path, query] of [
    ['/set_company_language', { language: 'nl' }],
    ['/set_grid_opacity', { grid_opacity: '0.35' }],
    ['/update_stickytrap_render', { value: '7' }],
    ['/set_company_ai_model', { ai_model: 'pestDetection' }],
  ] as const) {
    const res = await settings(path, query);
    if (res.statusCode !== 200) throw new Error(`seeding ${path} failed: ${res.body}`);
  }

  const inviteeEmail = `invitee-${tag}@example.com`;
  const invitation = await app.db
    .insertInto('invitations')
    .values({
      company_id: tenant.companyId,
      email: inviteeEmail,
      role: 'Regular',
      token_hash: `seed-${tag}`,
      invited_by: tenant.admin.user_id,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('invitation_id')
    .executeTakeFirstOrThrow();

  return {
    ...tenant,
    markers: [
      company.company_name,
      company.contact_name!,
      company.contact_email!,
      company.contact_phone!,
      tenant.superAdmin.email,
      tenant.admin.email,
      tenant.regular.email,
      inviteeEmail,
    ],
    ids: {
      companyid: tenant.companyId,
      userid: tenant.admin.user_id,
      invitationid: invitation.invitation_id,
    },
  };
}

const COMPANY_KEY = /^n?company_?id$/i;
const USER_KEY = /^(n?user_?id|submitted_?by|created_?by|assigned_?to|invited_?by)$/i;
const ID_KEY = /(^id$|_u?ids?$|I[Dd]s?$)/;

/** Fills every id an endpoint takes with `target`'s ids (user fields: `userId`); other fields are left to the schema. */
export function tenantHints(endpoint: EndpointConfig, target: SeededTenant, userId = target.admin.user_id): SampleHints {
  const companyKeys = new Set(endpoint.tenancy.company ?? []);
  const userKeys = new Set(endpoint.tenancy.user ?? []);
  const valueFor = (key: string): number | undefined => {
    if (companyKeys.has(key) || COMPANY_KEY.test(key)) return target.companyId;
    if (userKeys.has(key) || USER_KEY.test(key)) return userId;
    if (ID_KEY.test(key)) return target.ids[normaliseIdKey(key)] ?? 1;
    return undefined;
  };
  return { valueFor, includeOptional: (key) => valueFor(key) !== undefined };
}

/**
 * A digest of every row that names the company in every table that has a company_id, so any
 * insert, update or delete of the tenant's rows changes it.
 */
export async function tenantFingerprint(app: FastifyInstance, companyId: number): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'company_id' ORDER BY table_name`.execute(app.db);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ digest: string }>`
      SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
      FROM ${sql.table(table_name)} t WHERE t.company_id = ${companyId}`.execute(app.db);
    out[table_name] = r.rows[0]!.digest;
  }
  return out;
}
