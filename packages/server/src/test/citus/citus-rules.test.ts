import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { CITUS_TODAY, REFERENCE_TABLES, type Break } from './citus-today.js';

/**
 * Sharding on paper (docs/scale-out.md, issue 23): beyond one primary the engine is Citus, every tenant table
 * distributed by company_id. Citus requires of a distributed table that every primary and unique key holds the
 * distribution column, and that a foreign key between two distributed tables holds it on both sides; a table
 * without company_id is either a reference table (copied to every node: the problem library, …) or a child that
 * must carry company_id. This test lists what breaks those rules today, table by table (citus-today.ts), and fails
 * on anything new — a new table, or a new kind of break on a listed one — and on a listed break that is gone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface ConstraintRow {
  table: string;
  tenant: boolean;
  kind: 'p' | 'u' | 'f';
  has_company: boolean;
  ref: string | null;
  ref_tenant: boolean | null;
}

async function breaks(): Promise<Record<string, Break[]>> {
  const rows = await sql<ConstraintRow>`
    WITH t AS (
      SELECT c.oid, c.relname,
             EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped) AS tenant
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE 'kysely_%'
    )
    SELECT t.relname AS table, t.tenant, k.contype AS kind,
           coalesce((SELECT bool_or(a.attname = 'company_id') FROM unnest(k.conkey) u(n)
                     JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = u.n), false) AS has_company,
           rt.relname AS ref, rt.tenant AS ref_tenant
    FROM t
    LEFT JOIN pg_constraint k ON k.conrelid = t.oid AND k.contype IN ('p', 'u', 'f')
    LEFT JOIN t rt ON rt.oid = k.confrelid
    ORDER BY 1`.execute(t.app.db);
  const found: Record<string, Set<Break>> = {};
  const add = (table: string, b: Break) => (found[table] ??= new Set()).add(b);
  for (const r of rows.rows) {
    if (r.tenant) {
      if ((r.kind === 'p' || r.kind === 'u') && !r.has_company) add(r.table, 'key without company_id');
      if (r.kind === 'f' && r.ref_tenant && !r.has_company) add(r.table, 'foreign key without company_id');
    } else if (r.kind === 'f' && r.ref_tenant) {
      add(r.table, REFERENCE_TABLES[r.table] ? 'reference table refers to a tenant table' : 'no company_id, refers to a tenant table');
    }
  }
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v].sort()]));
}

describe('Citus rules (sharding by company_id, on paper)', () => {
  it('nothing breaks them that is not listed in citus-today.ts, and nothing listed there is fixed and still listed', async () => {
    const now = await breaks();
    if (process.env.CITUS_PRINT) process.stdout.write(`${JSON.stringify(now, null, 2)}\n`);
    const listed = Object.fromEntries(Object.entries(CITUS_TODAY).map(([k, v]) => [k, [...v].sort()]));
    const added = Object.entries(now).flatMap(([table, bs]) => bs.filter((b) => !listed[table]?.includes(b)).map((b) => `${table}: ${b}`));
    const gone = Object.entries(listed).flatMap(([table, bs]) => bs.filter((b) => !now[table]?.includes(b)).map((b) => `${table}: ${b}`));
    expect(added, 'new breaks of the Citus rules: give the key/foreign key company_id (docs/scale-out.md)').toEqual([]);
    expect(gone, 'fixed: take these off citus-today.ts').toEqual([]);
  });

  it('every table without company_id is a reference or local table with its reason, or a listed child', async () => {
    const rows = await sql<{ table: string }>`
      SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE 'kysely_%'
        AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
      ORDER BY 1`.execute(t.app.db);
    const children = new Set(Object.entries(CITUS_TODAY).filter(([, bs]) => bs.includes('no company_id, refers to a tenant table')).map(([k]) => k));
    const unplaced = rows.rows.map((r) => r.table).filter((table) => !REFERENCE_TABLES[table] && !children.has(table));
    expect(unplaced, 'a table without company_id: say in REFERENCE_TABLES why it is shared, or give it company_id').toEqual([]);
  });
});
