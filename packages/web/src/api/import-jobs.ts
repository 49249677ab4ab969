import { facilityTransferEndpoints as ep, type EndpointRequest, type ImportJob } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

type Input<K extends keyof typeof ep> = EndpointRequest<(typeof ep)[K]>;

/** How often a running import is asked for its progress. */
export const IMPORT_JOB_POLL_MS = 1000;
/** Failed asks in a row (the connection dropped) before the screen says so; the job runs on regardless. */
const ASKS_BEFORE_GIVING_UP = 30;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** An answer the server gave (4xx): asking again does not change it. */
const refused = (err: unknown) => err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500;

/**
 * Starts an import job (docs/decisions.md, "Import jobs"): one Idempotency-Key for the upload, so a retry after a
 * dropped connection answers the same job instead of starting a second.
 */
export async function startImportJob(input: Input<'startImportJob'>, key = crypto.randomUUID()): Promise<ImportJob> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await callEndpoint(ep.startImportJob, input, undefined, { headers: { 'Idempotency-Key': key } })).job;
    } catch (err) {
      if (refused(err) || attempt >= 3) throw err;
      await wait(IMPORT_JOB_POLL_MS * attempt);
    }
  }
}

/** One import job (or, without job_id, the caller's latest: null when none). */
export async function getImportJob(input: Input<'getImportJob'>): Promise<ImportJob | null> {
  return (await callEndpoint(ep.getImportJob, input)).job;
}

/**
 * Follows a job until it is over, telling `onProgress` each answer; a failed ask (connection dropped) is asked again.
 * Answers the finished job; rejects with the server's reason when the job failed.
 */
export async function followImportJob(companyId: number, job: ImportJob, onProgress: (job: ImportJob) => void, pollMs = IMPORT_JOB_POLL_MS): Promise<ImportJob> {
  let current = job;
  let failures = 0;
  onProgress(current);
  while (current.status === 'queued' || current.status === 'running') {
    await wait(pollMs);
    try {
      current = (await getImportJob({ company_id: companyId, job_id: current.job_id })) ?? current;
      failures = 0;
    } catch (err) {
      if (refused(err) || ++failures >= ASKS_BEFORE_GIVING_UP) throw err;
      continue;
    }
    onProgress(current);
  }
  if (current.status === 'failed') throw new ApiError(current.error ?? 'The import stopped; nothing was written.', { fromServer: current.error !== null });
  return current;
}
