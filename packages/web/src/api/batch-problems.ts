import { batchProblemsEndpoints as ep, batchProblemsMessages as msg } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface NewBatchProblem {
  batchId: number | null | undefined;
  problemType: string | null | undefined;
  severity: number | null | undefined;
  companyId: number | null | undefined;
  userId: number | null | undefined;
  notes?: string | null;
  roomIds?: readonly number[];
}

/**
 * POST /create_batch_problem. Every required field present (severity a finite number), else
 * 'Missing required fields: batch_id, problem_type, severity, company_id, user_id'; notes only when not blank.
 */
export async function createBatchProblem(p: NewBatchProblem) {
  const type = p.problemType?.trim();
  if (!p.batchId || !type || typeof p.severity !== 'number' || !Number.isFinite(p.severity) || !p.companyId || !p.userId) {
    throw new ApiError(msg.missingFields);
  }
  const notes = p.notes?.trim();
  return callEndpoint(ep.createBatchProblem, {
    batch_id: p.batchId,
    problem_type: type,
    severity: p.severity,
    company_id: p.companyId,
    user_id: p.userId,
    ...(notes ? { notes } : {}),
    ...(p.roomIds?.length ? { room_ids: [...p.roomIds] } : {}),
  });
}

/** POST /resolve_batch_problem: batch_id, user_id, optional room_ids and problem_type. */
export function resolveBatchProblem(batchId: number, userId: number, opts: { roomIds?: readonly number[]; problemType?: string } = {}) {
  return callEndpoint(ep.resolveBatchProblem, {
    batch_id: batchId,
    user_id: userId,
    ...(opts.roomIds?.length ? { room_ids: [...opts.roomIds] } : {}),
    ...(opts.problemType?.trim() ? { problem_type: opts.problemType.trim() } : {}),
  });
}

/** GET /get_batch_problems: include_resolved travels as 'true' or 'false'. */
export async function getBatchProblems(
  companyId: number,
  opts: { includeResolved?: boolean; batchId?: number; roomId?: number; problemType?: string } = {},
) {
  const res = await callEndpoint(ep.getBatchProblems, {
    company_id: companyId,
    include_resolved: (opts.includeResolved ? 'true' : 'false'),
    ...(opts.batchId ? { batch_id: opts.batchId } : {}),
    ...(opts.roomId ? { room_id: opts.roomId } : {}),
    ...(opts.problemType ? { problem_type: opts.problemType } : {}),
  });
  return res.problems;
}
