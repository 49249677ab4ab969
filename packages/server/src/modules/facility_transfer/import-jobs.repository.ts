import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Db } from './facility-transfer.repository.js';

export type ImportJobRow = Selectable<DB['import_jobs']>;

export function insertJob(
  db: Db,
  row: { companyId: number; userId: number; userRole: string; kind: ImportJobRow['kind']; dryRun: boolean; fileName: string; fileKey: string; rowsTotal: number },
): Promise<ImportJobRow> {
  return db
    .insertInto('import_jobs')
    .values({
      company_id: row.companyId, user_id: row.userId, user_role: row.userRole, kind: row.kind, dry_run: row.dryRun,
      file_name: row.fileName, file_key: row.fileKey, rows_total: row.rowsTotal,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findJob(db: Db, companyId: number, jobId: number): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('company_id', '=', companyId).where('job_id', '=', jobId).executeTakeFirst();
}

/** The user's latest job in the company (a page reopened finds its running import). */
export function latestJobOf(db: Db, companyId: number, userId: number): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId)
    .orderBy('job_id', 'desc').limit(1).executeTakeFirst();
}

/** Jobs not finished, of every company, oldest first: a process that stopped mid-job left them (their writes rolled back). */
export function unfinishedJobs(db: Db, limit: number) {
  return db.selectFrom('import_jobs').select(['company_id', 'job_id']).where('status', 'in', ['queued', 'running'])
    .orderBy('created_at').limit(limit).execute();
}

export async function markRunning(db: Db, companyId: number, jobId: number): Promise<void> {
  await db.updateTable('import_jobs').set({ status: 'running' }).where('company_id', '=', companyId).where('job_id', '=', jobId)
    .where('status', '=', 'queued').execute();
}

/**
 * Marks the job done with its answer, unless it is done already (another process ran it): false then. Applying, this
 * runs in the import's transaction, so the import and its job's "done" commit together, once.
 */
export async function finishJob(db: Db, companyId: number, jobId: number, result: unknown): Promise<boolean> {
  const row = await db.updateTable('import_jobs')
    .set({ status: 'done', result: JSON.stringify(result), error: null, file_key: null, finished_at: sql<Date>`now()` })
    .where('company_id', '=', companyId).where('job_id', '=', jobId).where('status', '<>', 'done')
    .returning('job_id').executeTakeFirst();
  return row !== undefined;
}

/** Lines read so far, for processes other than the one running the job; never backwards, never after the end. */
export async function recordProgress(db: Db, companyId: number, jobId: number, rowsDone: number): Promise<void> {
  await db.updateTable('import_jobs').set({ rows_done: rowsDone })
    .where('company_id', '=', companyId).where('job_id', '=', jobId).where('status', '=', 'running').where('rows_done', '<', rowsDone).execute();
}

export async function failJob(db: Db, companyId: number, jobId: number, error: string): Promise<void> {
  await db.updateTable('import_jobs').set({ status: 'failed', error, file_key: null, finished_at: sql<Date>`now()` })
    .where('company_id', '=', companyId).where('job_id', '=', jobId).where('status', '<>', 'done').execute();
}
