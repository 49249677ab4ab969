import { plantsMessages, type EndpointInput, type plantsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isHarvested, lockOwnBatch, requireBatch, requireBatches } from '../batches/index.js';
import { newPlantUid } from './plant-uid.js';
import { toLinkedBatch, toLinkedPlant } from './plants.mapper.js';
import {
  findPlantById,
  findPlantByUid,
  findPlantsByUids,
  insertPlantBatches,
  insertPlants,
  listBatchesOfPlant,
  listPlantsOfBatches,
  plantsOfBatchText as plantsOfBatchJson,
  type BatchRef,
  type LinkedPlantRow,
  type PlantRef,
} from './plants.repository.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

type Input<K extends keyof typeof plantsEndpoints> = EndpointInput<(typeof plantsEndpoints)[K]>;

export type { BatchRef, PlantRef };

/**
 * Creates `count` plants with fresh plant_uids, in the caller's transaction. A uid that happens to
 * exist already (1 in 10^12 per pair) is skipped by the insert and drawn again.
 */
export async function createPlants({ db }: Deps, companyId: number, userId: number | null, count: number): Promise<PlantRef[]> {
  const made: PlantRef[] = [];
  for (let round = 0; made.length < count; round++) {
    if (round > 5) throw new Error('could not draw free plant uids');
    const uids = [...new Set(Array.from({ length: count - made.length }, newPlantUid))];
    made.push(...(await insertPlants(db, companyId, userId, uids)));
  }
  return made;
}

/** The company's plant with this uid, or 404 (also for another company's plant). */
export async function getPlantByUid({ db }: Deps, companyId: number, uid: string, opts: { lock?: boolean } = {}): Promise<PlantRef> {
  const plant = await findPlantByUid(db, companyId, uid.trim(), opts.lock);
  if (!plant) throw notFound('Plant');
  return plant;
}

export async function getPlantById({ db }: Deps, companyId: number, plantId: number, opts: { lock?: boolean } = {}): Promise<PlantRef> {
  const plant = await findPlantById(db, companyId, plantId, opts.lock);
  if (!plant) throw notFound('Plant');
  return plant;
}

/** The company's batch (404 otherwise), through the batches service: trays and batch problems check batches here. */
export async function getCompanyBatch(deps: Deps, companyId: number, batchId: number): Promise<BatchRef> {
  return requireBatch(deps, companyId, batchId);
}

/**
 * The company's batch for a change: 404 otherwise, 409 when harvested. The row stays locked until the
 * transaction ends, so a harvest cannot slip in between this check and the write.
 */
export async function lockBatchForChange(deps: TxDeps, companyId: number, batchId: number, harvestedMessage: string = plantsMessages.harvested): Promise<BatchRef> {
  const batch = await lockOwnBatch(deps, companyId, batchId);
  if (isHarvested(batch)) throw conflict(harvestedMessage);
  return batch;
}

/**
 * Links plants to a batch in one transaction with one audit event. Every uid must be one of the
 * company's plants (the first unknown one is named in the 404); a harvested batch refuses (409).
 */
export async function linkPlantsToBatch({ db }: Deps, caller: Caller, input: Input<'linkPlantsToBatch'>) {
  const uids = [...new Set(input.plant_uids.map((u) => u.trim()))];
  return db.transaction().execute(async (trx) => {
    await lockBatchForChange({ db: trx }, caller.company_id, input.batch_id);
    const plants = await findPlantsByUids(trx, caller.company_id, uids);
    const byUid = new Map(plants.map((p) => [p.plant_uid, p]));
    const unknown = uids.find((u) => !byUid.has(u));
    if (unknown !== undefined) throw new AppError('not_found', plantsMessages.plantNotFound(unknown), 'plant_uids');
    const linked = await insertPlantBatches(trx, caller.company_id, input.batch_id, plants.map((p) => p.plant_id), caller.user_id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'batch.plants_link',
      entityType: 'batch',
      entityId: input.batch_id,
      after: { plant_ids: linked, already_linked: plants.length - linked.length, linked_by: caller.user_id },
    });
    return {
      status: 'success' as const,
      message: plantsMessages.linked,
      batch_id: input.batch_id,
      linked_count: linked.length,
      already_linked_count: plants.length - linked.length,
      plant_uids: uids,
    };
  });
}

export async function batchesOfPlant({ db }: Deps, caller: Caller, uid: string, includeHarvested: boolean) {
  const plant = await getPlantByUid({ db }, caller.company_id, uid);
  const rows = await listBatchesOfPlant(db, caller.company_id, plant.plant_id, includeHarvested);
  return { status: 'success' as const, plant_id: plant.plant_id, plant_uid: plant.plant_uid, batches: rows.map(toLinkedBatch) };
}

/** A batch's plants as the answer's JSON text, the plants written by the database (plantsOfBatchText). */
export async function plantsOfBatchText({ db }: Deps, caller: Caller, batchId: number, includeHarvested: boolean): Promise<string> {
  const batch = await getCompanyBatch({ db }, caller.company_id, batchId);
  // A harvested batch's plants count as harvested: include_harvested=false leaves them out.
  if (isHarvested(batch) && !includeHarvested) return JSON.stringify(plantsAnswer(batch, []));
  const { count, plants } = await plantsOfBatchJson(db, caller.company_id, batchId);
  return `{"status":"success","batch_id":${batch.batch_id},"harvested":${isHarvested(batch)},"total_count":${count},"plants":[${plants}]}`;
}

export async function plantsOfBatch(deps: Deps, caller: Caller, batchId: number, includeHarvested: boolean): Promise<ReturnType<typeof plantsAnswer>> {
  return JSON.parse(await plantsOfBatchText(deps, caller, batchId, includeHarvested)) as ReturnType<typeof plantsAnswer>;
}

const plantsAnswer = (batch: BatchRef, rows: LinkedPlantRow[]) => ({
  status: 'success' as const,
  batch_id: batch.batch_id,
  harvested: isHarvested(batch),
  total_count: rows.length,
  plants: rows.map(toLinkedPlant),
});

/**
 * Batches whose plants one statement reads: a batch has ~2,560 plants at 100 ha, so 5 are ~12,800 rows, whose sort by
 * batch and uid should stay in work_mem (4 MB); the bundle's 25 (~64,000 wide rows) would by their width sort on disk
 * (estimated, not measured; the sub-boxes' 80,000-row sort did spill).
 */
const BATCHES_PER_READ = 5;

/**
 * plantsOfBatch of many batches at once, keyed by batch (the offline fill's batches bundle): the same answers in
 * one statement per 5 batches instead of one per batch. 404 when any batch is not the caller's company's.
 */
export async function plantsOfBatches({ db }: Deps, caller: Caller, batchIds: number[], includeHarvested: boolean, perRead = BATCHES_PER_READ) {
  const ids = [...new Set(batchIds)];
  const batches = await requireBatches({ db }, caller.company_id, ids);
  const answers = new Map<number, ReturnType<typeof plantsAnswer>>();
  const read = ids.filter((id) => includeHarvested || !isHarvested(batches.get(id)!));
  const rowsOf = new Map<number, LinkedPlantRow[]>();
  for (let i = 0; i < read.length; i += perRead) {
    for (const row of await listPlantsOfBatches(db, caller.company_id, read.slice(i, i + perRead))) {
      const list = rowsOf.get(row.batch_id);
      if (list) list.push(row);
      else rowsOf.set(row.batch_id, [row]);
    }
  }
  for (const id of ids) answers.set(id, plantsAnswer(batches.get(id)!, rowsOf.get(id) ?? []));
  return answers;
}
