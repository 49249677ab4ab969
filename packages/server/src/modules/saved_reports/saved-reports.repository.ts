import { sql, type Kysely, type Transaction } from 'kysely';
import { REPORTABLE_FIELD_TYPES } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

function summaries(db: Db, companyId: number) {
  return db
    .selectFrom('saved_reports as r')
    .leftJoin('users as u', 'u.user_id', 'r.created_by')
    .leftJoin('dashboard_reports as d', (j) => j.onRef('d.company_id', '=', 'r.company_id').onRef('d.report_id', '=', 'r.report_id'))
    .select([
      'r.report_id', 'r.company_id', 'r.report_name', 'r.chart_type', 'r.report_type', 'r.room_ids', 'r.filters', 'r.data_points',
      'r.created_by', 'u.first_name', 'u.last_name', 'r.created_at', 'd.slot as dashboard_slot',
    ])
    .where('r.company_id', '=', companyId);
}

export const listReports = (db: Db, companyId: number) =>
  summaries(db, companyId).orderBy('r.created_at', 'desc').orderBy('r.report_id', 'desc').execute();
export type ReportSummaryRow = Awaited<ReturnType<typeof listReports>>[number];

export const findReport = (db: Db, companyId: number, reportId: number) =>
  summaries(db, companyId).select('r.report_data').where('r.report_id', '=', reportId).executeTakeFirst();
export type ReportRow = NonNullable<Awaited<ReturnType<typeof findReport>>>;

export const countReports = async (db: Db, companyId: number) =>
  Number((await db.selectFrom('saved_reports').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);

export const nameTaken = async (db: Db, companyId: number, name: string) =>
  (await db
    .selectFrom('saved_reports')
    .select('report_id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(report_name)`, '=', name.toLowerCase())
    .executeTakeFirst()) !== undefined;

export interface NewReport {
  company_id: number;
  report_name: string;
  chart_type: string;
  report_type: string;
  room_ids: number[];
  filters: Record<string, unknown>;
  report_data: unknown[];
  created_by: number;
}

export async function insertReport(trx: Transaction<DB>, row: NewReport): Promise<number> {
  const made = await trx
    .insertInto('saved_reports')
    .values({
      ...row,
      room_ids: JSON.stringify(row.room_ids),
      filters: JSON.stringify(row.filters),
      report_data: JSON.stringify(row.report_data),
      data_points: row.report_data.length,
    })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  return made.report_id;
}

export function lockReport(trx: Transaction<DB>, reportId: number) {
  return trx
    .selectFrom('saved_reports')
    .select(['report_id', 'company_id', 'report_name', 'chart_type', 'report_type', 'room_ids', 'filters', 'data_points', 'created_by'])
    .where('report_id', '=', reportId)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteReport(trx: Transaction<DB>, companyId: number, reportId: number): Promise<void> {
  await trx.deleteFrom('saved_reports').where('company_id', '=', companyId).where('report_id', '=', reportId).execute();
}

/** Namespace of the saved-reports advisory lock (any constant; the company id is the second key). */
const SAVED_REPORTS_LOCK = 746_100_011;

/**
 * Serialises one company's saves, deletes and pins until the transaction ends, so two callers naming
 * or pinning reports at once take turns instead of racing into the unique keys. An advisory lock, not
 * the company row: other writes of the company (and their foreign-key checks) are not held up.
 */
export async function lockCompanyReports(trx: Transaction<DB>, companyId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SAVED_REPORTS_LOCK}::int, ${companyId}::int)`.execute(trx);
}

export const dashboardSlots = (db: Db, companyId: number) =>
  db.selectFrom('dashboard_reports').select(['slot', 'report_id']).where('company_id', '=', companyId).orderBy('slot').execute();

export async function clearSlots(trx: Transaction<DB>, companyId: number, slots: number[]): Promise<void> {
  if (slots.length === 0) return;
  await trx.deleteFrom('dashboard_reports').where('company_id', '=', companyId).where('slot', 'in', slots).execute();
}

export async function unpinReports(trx: Transaction<DB>, companyId: number, reportIds: number[]): Promise<void> {
  if (reportIds.length === 0) return;
  await trx.deleteFrom('dashboard_reports').where('company_id', '=', companyId).where('report_id', 'in', reportIds).execute();
}

export async function pin(trx: Transaction<DB>, companyId: number, slot: number, reportId: number, userId: number): Promise<void> {
  await trx.insertInto('dashboard_reports').values({ company_id: companyId, slot, report_id: reportId, pinned_by: userId }).execute();
}

export const pinnedReports = (db: Db, companyId: number) =>
  summaries(db, companyId)
    .innerJoin('dashboard_reports as p', (j) => j.onRef('p.company_id', '=', 'r.company_id').onRef('p.report_id', '=', 'r.report_id'))
    .select('r.report_data')
    .orderBy('p.slot')
    .execute();

export async function ownReportIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('saved_reports').select('report_id').where('company_id', '=', companyId).where('report_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.report_id));
}

export async function ownRoomIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('rooms').select('room_id').where('company_id', '=', companyId).where('room_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.room_id));
}

export async function ownBatchIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('batches').select('batch_id').where('company_id', '=', companyId).where('batch_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.batch_id));
}

export async function ownFieldExists(db: Db, companyId: number, fieldId: number): Promise<boolean> {
  const row = await db.selectFrom('form_fields').select('field_id').where('company_id', '=', companyId).where('field_id', '=', fieldId).executeTakeFirst();
  return row !== undefined;
}

export async function ownCropExists(db: Db, companyId: number, cropId: number): Promise<boolean> {
  const row = await db.selectFrom('crops').select('crop_id').where('company_id', '=', companyId).where('crop_id', '=', cropId).executeTakeFirst();
  return row !== undefined;
}

const reportable = [...REPORTABLE_FIELD_TYPES];

/** Templates not deleted, with their active reportable fields counted and their last answer's time. */
export const reportTemplates = (db: Db, companyId: number) =>
  db
    .selectFrom('form_templates as t')
    .select((eb) => [
      't.template_id', 't.template_name', 't.form_category',
      eb
        .selectFrom('form_fields as f')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('f.template_id', '=', 't.template_id')
        .where('f.is_active', '=', true)
        .where('f.field_type', 'in', reportable)
        .as('reportable_field_count'),
      eb
        .selectFrom('form_responses as fr')
        .select((e) => e.fn.max('fr.submitted_at').as('m'))
        .whereRef('fr.template_id', '=', 't.template_id')
        .where('fr.company_id', '=', companyId)
        .as('last_response_at'),
    ])
    .where('t.company_id', '=', companyId)
    .where('t.deleted_at', 'is', null)
    .orderBy(sql`lower(t.template_name)`)
    .orderBy('t.template_id')
    .execute();

export const reportableFields = (db: Db, companyId: number) =>
  db
    .selectFrom('form_fields as f')
    .innerJoin('form_templates as t', 't.template_id', 'f.template_id')
    .select([
      'f.field_id', 'f.field_name', 'f.field_type', 'f.field_options', 'f.report_id', 't.template_id', 't.template_name', 't.form_category',
    ])
    .where('f.company_id', '=', companyId)
    .where('t.company_id', '=', companyId)
    .where('t.deleted_at', 'is', null)
    .where('f.is_active', '=', true)
    .where('f.field_type', 'in', reportable)
    .orderBy(sql`lower(t.template_name)`)
    .orderBy('t.template_id')
    .orderBy('f.position')
    .orderBy('f.field_id')
    .execute();
