import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

/**
 * Many growers in one database (issue 19): a small company's reads must not walk the rows of a thousand others.
 * Every tenant table (one with a company_id column) needs an index that leads with company_id, and each of its
 * indexes must lead with company_id or with a column that already names rows of one company (its own key, or a
 * reference to another tenant table's row); an index that leads with anything else (a status, a time, a text)
 * mixes every company's rows. Exceptions are listed with their reason.
 */
const THROUGH_PARENT = 'read only through its parent row (an index on that id), which is one company\'s already';
const NO_COMPANY_INDEX: Record<string, string> = {
  batch_room_moves: `${THROUGH_PARENT}: batch_id`,
  batch_status_history: `${THROUGH_PARENT}: batch_id`,
  camera_scans: `${THROUGH_PARENT}: camera_id`,
  comments: `${THROUGH_PARENT}: response_id`,
  consultant_rooms: `${THROUGH_PARENT}: consultant_id`,
  field_responses: `${THROUGH_PARENT}: response_id, field_id`,
  form_fields: `${THROUGH_PARENT}: template_id`,
  form_hide_until: `${THROUGH_PARENT}: the hidden field`,
  grid_batches: `${THROUGH_PARENT}: batch_id or grid_id`,
  gridbox_batches: `${THROUGH_PARENT}: batch_id or grid_box_id`,
  observation_actions: `${THROUGH_PARENT}: observation_id`,
  plant_batches: `${THROUGH_PARENT}: batch_id or plant_id`,
  room_batches: `${THROUGH_PARENT}: batch_id or room_id`,
  room_grid: `${THROUGH_PARENT}: room_id or grid_id (a room has tens of grids)`,
  room_whiteboards: `${THROUGH_PARENT}: room_id`,
  scan_images: `${THROUGH_PARENT}: scan_id`,
  scan_marks: `${THROUGH_PARENT}: room_id, grid_id or round_id (coverage reads the latest per room and grid)`,
  task_occurrences: `${THROUGH_PARENT}: task_template_id`,
};
const MIXED_INDEX: Record<string, string> = {
  grid_boxes_name_trgm_idx: 'GIN trigrams cannot lead with an integer column (no btree_gin); the search also filters by the (company_id, custom_name) index of named boxes',
  sub_gridboxes_name_trgm_idx: 'GIN trigrams, as grid_boxes_name_trgm_idx',
  batches_number_trgm_idx: "GIN trigrams, as grid_boxes_name_trgm_idx; the typo tier also filters by the company's batches",
  batches_strain_trgm_idx: 'GIN trigrams, as batches_number_trgm_idx',
  users_email_key: 'sign-in finds a user by email before any company is known; an email is one account',
  import_jobs_unfinished_idx: "the process's start resumes every company's unfinished import jobs (partial: only queued and running ones)",
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface IndexRow {
  table: string;
  index: string;
  /** The first column, or the text of an expression (coalesce(company_id, 0)). */
  first: string;
  first_is_key: boolean;
  first_refs_tenant: boolean;
}

async function tenantIndexes() {
  const tables = await sql<{ table: string }>`
    SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1`.execute(t.app.db);
  const tenant = new Set(tables.rows.map((r) => r.table));
  const indexes = await sql<IndexRow>`
    SELECT c.relname AS table, ic.relname AS index, pg_get_indexdef(i.indexrelid, 1, true) AS first,
           EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype IN ('p', 'u') AND k.conkey[1] = a.attnum AND cardinality(k.conkey) = 1) AS first_is_key,
           EXISTS (
             SELECT 1 FROM pg_constraint f JOIN pg_class rc ON rc.oid = f.confrelid
             JOIN pg_attribute ra ON ra.attrelid = rc.oid AND ra.attname = 'company_id'
             WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.conkey[1] = a.attnum
           ) AS first_refs_tenant
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
    WHERE n.nspname = current_schema()
    ORDER BY 1, 2`.execute(t.app.db);
  return { tenant, indexes: indexes.rows.filter((r) => tenant.has(r.table)) };
}

const leadsWithCompany = (i: IndexRow) => /\bcompany_id\b/.test(i.first);

describe('tenant indexes', () => {
  it('every tenant table has an index leading with company_id, unless listed with its reason', async () => {
    const { tenant, indexes } = await tenantIndexes();
    const led = new Set(indexes.filter((i) => leadsWithCompany(i)).map((i) => i.table));
    // Named with the first columns of the indexes it has, so a failure says what reads it.
    const missing = [...tenant]
      .filter((table) => !led.has(table) && !(table in NO_COMPANY_INDEX))
      .map((table) => `${table} (${indexes.filter((i) => i.table === table).map((i) => i.first).join(', ') || 'no index'})`);
    expect(missing).toEqual([]);
    // A listed table that gained one is taken off the list.
    expect(Object.keys(NO_COMPANY_INDEX).filter((table) => led.has(table) || !tenant.has(table))).toEqual([]);
  });

  it('no index of a tenant table leads with a column that mixes companies, unless listed with its reason', async () => {
    const { indexes } = await tenantIndexes();
    const mixed = indexes
      .filter((i) => !leadsWithCompany(i) && !i.first_is_key && !i.first_refs_tenant)
      .map((i) => i.index)
      .filter((name) => !(name in MIXED_INDEX));
    expect(mixed).toEqual([]);
    const names = new Set(indexes.map((i) => i.index));
    expect(Object.keys(MIXED_INDEX).filter((name) => !names.has(name))).toEqual([]);
  });
});
