import { BUILT_IN_BATCH_STATUSES, batchesMessages as msg, type EndpointInput, type batchesEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { changedOnServer, conflict, notFound } from '../../lib/errors.js';
import { toBatch } from './batches.mapper.js';
import * as repo from './batches.repository.js';
import { HARVESTED, type BatchesDeps, isHarvested, refuseInsidePreharvest, resolveStatus } from './batches.service.js';
import { iso } from '../../lib/iso.js';

type Input<K extends keyof typeof batchesEndpoints> = EndpointInput<(typeof batchesEndpoints)[K]>;

/**
 * One status for many batches, all or nothing: an id that is not the company's is a 404 and a
 * harvested batch a 409, and then no batch changes. With `expected_status` (what the user saw), a batch
 * changed by someone else since (to a third status) is a 409 naming it.
 */
export async function assignStatus(
  deps: BatchesDeps,
  caller: Caller,
  input: Input<'assignStatusToBatches'>,
  opts: { at?: Date } = {},
) {
  const companyId = input.company_id;
  const ids = [...new Set(input.batch_ids)];
  const at = opts.at ?? new Date();
  return deps.db.transaction().execute(async (trx) => {
    const status = await resolveStatus({ db: trx }, companyId, input.batch_status, 'batch_status');
    const rows = await repo.lockBatches(trx, companyId, ids);
    if (rows.length !== ids.length) throw notFound('Batch');
    const changing = rows.filter((b) => b.batch_status !== status);
    const expected = input.expected_status?.trim().toLowerCase();
    const moved = expected === undefined ? undefined : changing.find((b) => b.batch_status.toLowerCase() !== expected);
    if (moved) {
      // The status it has now also travels as `Verdant-Current-Value` for the outbox's "theirs".
      throw changedOnServer(msg.statusChangedMeanwhile.replace('{batch}', moved.batch_number).replace('{status}', moved.batch_status), moved.batch_status);
    }
    if (changing.some(isHarvested)) throw conflict(msg.harvestedReadOnly);
    if (status === HARVESTED) for (const b of changing) await refuseInsidePreharvest({ db: trx }, companyId, b.batch_id, at, 'batch_status');
    for (const before of changing) {
      const after = await repo.updateBatch(trx, before.batch_id, { batch_status: status, ...(status === HARVESTED ? { harvested_at: at, harvested_by: caller.user_id } : {}) });
      await writeAudit(trx, { companyId, userId: caller.user_id, action: 'batch.status_changed', entityType: 'batch', entityId: before.batch_id, before: toBatch(before), after: toBatch(after) });
    }
    await repo.insertStatusHistory(
      trx,
      changing.map((b) => ({ company_id: companyId, batch_id: b.batch_id, from_status: b.batch_status, to_status: status, changed_by: caller.user_id, changed_at: at })),
    );
    return { status, batchIds: ids, changed: changing.length };
  });
}

const toCustomStatus = (r: { id: number; status_name: string; created_at: Date }) => ({ id: r.id, status_name: r.status_name, created_at: iso(r.created_at) });

export async function createCustomStatus(deps: BatchesDeps, caller: Caller, input: Input<'createCustomBatchStatus'>) {
  const name = input.status_name.trim();
  if (BUILT_IN_BATCH_STATUSES.some((s) => s.toLowerCase() === name.toLowerCase())) throw conflict(msg.statusIsBuiltIn);
  const row = await deps.db.transaction().execute(async (trx) => {
    if (await repo.findCustomStatus(trx, input.company_id, name)) throw conflict(msg.statusTaken);
    const created = await repo.insertCustomStatus(trx, input.company_id, name).catch((e: unknown) => {
      throw (e as { code?: string }).code === '23505' ? conflict(msg.statusTaken) : e;
    });
    await writeAudit(trx, { companyId: input.company_id, userId: caller.user_id, action: 'batch_status.created', entityType: 'custom_batch_status', entityId: created.id, after: { status_name: name } });
    return created;
  });
  return toCustomStatus(row);
}

export async function listCustomStatuses(deps: BatchesDeps, companyId: number) {
  return (await repo.customStatuses(deps.db, companyId)).map(toCustomStatus);
}

export async function deleteCustomStatus(deps: BatchesDeps, caller: Caller, input: Input<'deleteCustomBatchStatus'>) {
  await deps.db.transaction().execute(async (trx) => {
    const found = await repo.findCustomStatus(trx, input.company_id, input.status_name.trim());
    if (!found) throw notFound('Custom status');
    if ((await repo.countBatchesWithStatus(trx, input.company_id, found.status_name)) > 0) throw conflict(msg.statusInUse);
    await repo.deleteCustomStatus(trx, found.id);
    await writeAudit(trx, { companyId: input.company_id, userId: caller.user_id, action: 'batch_status.deleted', entityType: 'custom_batch_status', entityId: found.id, before: { status_name: found.status_name } });
  });
}
