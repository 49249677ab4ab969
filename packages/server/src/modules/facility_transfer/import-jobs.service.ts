import { randomUUID } from 'node:crypto';
import { importJobMessages as msg, type EndpointInput, type ImportJob, type UserRole, type facilityTransferEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { companyKeyPrefix, deleteFilesQuietly } from '../../lib/images/images.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { readFacilityFile } from './facility-transfer.formats.js';
import { importFacility } from './facility-transfer.service.js';
import { readObservationFile } from './observation-transfer.formats.js';
import { importObservations } from './observation-transfer.service.js';
import * as repo from './import-jobs.repository.js';

type Input<K extends keyof typeof facilityTransferEndpoints> = EndpointInput<(typeof facilityTransferEndpoints)[K]>;
type JobDeps = Deps<'config' | 'files' | 'log' | 'database'>;

/** How often a running job writes its progress to its row, for the other processes behind a load balancer. */
export const PROGRESS_EVERY_MS = 1000;

/**
 * Imports run as jobs (issue 25; docs/decisions.md, "Import jobs"): the request stores the file and answers at once;
 * the job reads, plans and writes it in this process, in one transaction as before (all or nothing), and its progress
 * is kept here, in memory, so asking this process for it needs no database turn (the embedded database is held by the
 * import's transaction meanwhile). On a database server the progress is also written to the job's row about once a
 * second, outside the import's transaction, for the other processes behind a load balancer. A job left unfinished by a
 * stopped process is run again at start: its writes rolled back with the process, and a job is marked done in its
 * import's transaction, so it applies once.
 */
interface Running {
  row: repo.ImportJobRow;
  rowsDone: number;
  done: Promise<void>;
}
const runningByDb = new WeakMap<object, Map<number, Running>>();
const runningIn = (db: object) => {
  let m = runningByDb.get(db);
  if (!m) runningByDb.set(db, (m = new Map()));
  return m;
};

/** The job as the wire shows it; `rowsDone` from the process running it, else what that process wrote on the row. */
function toImportJob(r: repo.ImportJobRow, rowsDone: number | null): ImportJob {
  const result = r.status === 'done' ? (r.result as { preview: never; import: never } | null) : null;
  return {
    job_id: r.job_id, kind: r.kind, dry_run: r.dry_run, file_name: r.file_name, status: r.status,
    rows_done: r.status === 'done' ? r.rows_total : (rowsDone ?? r.rows_done), rows_total: r.rows_total, error: r.error,
    created_at: iso(r.created_at), finished_at: isoOrNull(r.finished_at),
    facility: r.kind === 'facility' ? result : null,
    observations: r.kind === 'observations' ? result : null,
  };
}

/** Lines in the file as the import reads them (a file that cannot be read is refused here, before any job: 400 naming `file`). */
function countLines(kind: repo.ImportJobRow['kind'], file: Input<'startImportJob'>['file']): number {
  const lines = kind === 'facility' ? readFacilityFile(file).lines() : readObservationFile(file, Date.now()).lines();
  let n = 0;
  for (const _ of lines) n++;
  return n;
}

/** Stores the file, records the job and starts it; answers the job at once (its Idempotency-Key replays this answer). */
export async function startImportJob(deps: JobDeps, caller: Caller, input: Input<'startImportJob'>) {
  assertOwnCompany(caller, input.company_id);
  const rowsTotal = countLines(input.kind, input.file);
  const fileName = input.file.filename.slice(0, 200) || `${input.kind}.csv`;
  const fileKey = `${companyKeyPrefix(caller.company_id)}imports/${randomUUID()}`;
  await deps.files.put(fileKey, Buffer.from(input.file.data), input.file.mimetype || 'application/octet-stream');
  const row = await repo.insertJob(deps.db, {
    companyId: caller.company_id, userId: caller.user_id, userRole: caller.user_role, kind: input.kind, dryRun: input.dry_run === 1,
    fileName, fileKey, rowsTotal,
  });
  runImportJob(deps, row);
  return { status: 'success' as const, message: msg.started, job: toImportJob(row, 0) };
}

/** One job, or the caller's latest; another company's job is a 404. */
export async function getImportJob(deps: Deps, caller: Caller, input: Input<'getImportJob'>) {
  assertOwnCompany(caller, input.company_id);
  const running = runningIn(deps.db);
  if (input.job_id !== undefined) {
    const here = running.get(input.job_id);
    if (here && here.row.company_id === caller.company_id) return { status: 'success' as const, job: toImportJob(here.row, here.rowsDone) };
    const row = await repo.findJob(deps.db, caller.company_id, input.job_id);
    if (!row) throw notFound('Import job');
    return { status: 'success' as const, job: toImportJob(row, running.get(row.job_id)?.rowsDone ?? null) };
  }
  const row = await repo.latestJobOf(deps.db, caller.company_id, caller.user_id);
  if (!row) return { status: 'success' as const, job: null };
  const here = running.get(row.job_id);
  return { status: 'success' as const, job: here ? toImportJob(here.row, here.rowsDone) : toImportJob(row, null) };
}

/** Thrown in a job's transaction when another process finished the job first: the import rolls back. */
class DoneElsewhere extends Error {}

/** Runs a job in the background (once per process); `finished` answers when it is over. */
export function runImportJob(deps: JobDeps, row: repo.ImportJobRow): void {
  const running = runningIn(deps.db);
  if (running.has(row.job_id)) return;
  const entry: Running = { row: { ...row, status: 'running' }, rowsDone: 0, done: Promise.resolve() };
  running.set(row.job_id, entry);
  entry.done = (async () => {
    // Begins once the caller's answer is on its way: the job's first chunk would otherwise hold it back.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      await work(deps, entry);
    } catch (err) {
      if (!(err instanceof DoneElsewhere)) {
        const refused = err instanceof AppError && err.statusCode < 500;
        if (!refused) deps.log.error({ err, job_id: row.job_id }, 'import job failed');
        await repo.failJob(deps.db, row.company_id, row.job_id, refused ? err.message : msg.failed).catch((e: unknown) => deps.log.error({ err: e }, 'import job not marked failed'));
      }
    } finally {
      running.delete(row.job_id);
      await deleteFilesQuietly(deps.files, [row.file_key], deps.log);
    }
  })();
}

async function work(deps: JobDeps, entry: Running) {
  const { row } = entry;
  await repo.markRunning(deps.db, row.company_id, row.job_id);
  const stored = row.file_key ? await deps.files.get(row.file_key) : null;
  if (!stored) throw new AppError('bad_request', msg.failed, 'file');
  const caller: Caller = { user_id: row.user_id, company_id: row.company_id, user_role: row.user_role as UserRole };
  const input = { company_id: row.company_id, file: { filename: row.file_name, mimetype: stored.contentType, data: stored.data }, dry_run: row.dry_run ? 1 : 0 } as const;
  const written = deps.database.kind === 'postgres'
    ? progressOnRow((n) => repo.recordProgress(deps.db, row.company_id, row.job_id, n), (err) => deps.log.warn({ err, job_id: row.job_id }, 'import job progress not written'))
    : null;
  const hooks = {
    progress: (n: number) => {
      entry.rowsDone = n;
      written?.note(n);
    },
    finish: async (trx: Parameters<typeof repo.finishJob>[0], answer: unknown) => {
      // A progress write still on its way would wait on the row this locks until the import commits.
      await written?.idle();
      if (!(await repo.finishJob(trx, row.company_id, row.job_id, answer))) throw new DoneElsewhere();
    },
  };
  const answer = row.kind === 'facility' ? await importFacility(deps, caller, input, hooks) : await importObservations(deps, caller, input, hooks);
  if (row.dry_run) await repo.finishJob(deps.db, row.company_id, row.job_id, { preview: answer.preview, import: null });
}

/**
 * Writes a running job's progress at most once per PROGRESS_EVERY_MS, one write at a time, the newest count each time;
 * a failed write is only logged (the next one brings the row up to date).
 */
export function progressOnRow(write: (rowsDone: number) => Promise<void>, onError: (err: unknown) => void, everyMs = PROGRESS_EVERY_MS) {
  let lastAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  return {
    note(rowsDone: number) {
      if (inFlight || Date.now() - lastAt < everyMs) return;
      lastAt = Date.now();
      inFlight = write(rowsDone).catch(onError).finally(() => (inFlight = null));
    },
    idle: async () => {
      await inFlight;
    },
  };
}

/** Runs the jobs a stopped process left (at start); answers when they are all over. */
export async function resumeImportJobs(deps: JobDeps): Promise<void> {
  for (const { company_id, job_id } of await repo.unfinishedJobs(deps.db, 100)) {
    const row = await repo.findJob(deps.db, company_id, job_id);
    if (row) runImportJob(deps, row);
  }
}

/** Answers when the jobs running in this process are over (the app waits for them before it closes its database). */
export async function importJobsSettled(db: object): Promise<void> {
  await Promise.all([...runningIn(db).values()].map((r) => r.done));
}
