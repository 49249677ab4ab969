import type { Kysely } from 'kysely';
import {
  ADMIN_ROLES, BUILT_IN_BATCH_STATUSES, DEFAULT_BATCH_STATUS, HARVESTED_STATUS, batchesMessages as msg, unknownBatchStatus,
  utcDate, type EndpointInput, type batchesEndpoints,
} from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { toBatch } from './batches.mapper.js';
import * as repo from './batches.repository.js';
import { runningPreharvest } from './batch-dashboard.repository.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { cropOfCompany } from '../crops/index.js';

export interface BatchesDeps {
  db: Kysely<DB>;
}

/** The batch, if it is the caller's company's; otherwise 404 whether it exists or not. */
export async function requireBatch({ db }: Deps, companyId: number, batchId: number): Promise<repo.BatchRow> {
  const batch = await repo.findBatch(db, companyId, batchId);
  if (!batch) throw notFound('Batch');
  return batch;
}

/** requireBatch of many batches in one statement, keyed by id: 404 when any is not the company's. */
export async function requireBatches({ db }: Deps, companyId: number, batchIds: number[]): Promise<Map<number, repo.BatchRow>> {
  const ids = [...new Set(batchIds)];
  const found = new Map<number, repo.BatchRow>(ids.length ? (await repo.findBatches(db, companyId, ids)).map((b) => [b.batch_id, b]) : []);
  if (ids.some((id) => !found.has(id))) throw notFound('Batch');
  return found;
}

export async function lockOwnBatch({ db: trx }: TxDeps, companyId: number, batchId: number): Promise<repo.BatchRow> {
  const batch = await repo.lockBatch(trx, companyId, batchId);
  if (!batch) throw notFound('Batch');
  return batch;
}

export const HARVESTED = HARVESTED_STATUS;

export const isHarvested = (b: Pick<repo.BatchRow, 'harvested_at'>) => b.harvested_at !== null;

/**
 * A status change to Harvested inside a pre-harvest interval is refused like a harvest (issue 22): only the
 * harvest action (harvest_batch) takes an Admin's override with its reason, so no other path skips the rule.
 */
export async function refuseInsidePreharvest({ db }: TxDeps, companyId: number, batchId: number, at: Date, field: string) {
  const running = await runningPreharvest(db, companyId, batchId, utcDate(at));
  if (running.length > 0) throw new AppError('unprocessable', msg.preharvestRefused(running), field);
}

/** Status and links of a harvested batch are history: they no longer change. */
export function assertNotHarvested(b: Pick<repo.BatchRow, 'harvested_at'>) {
  if (isHarvested(b)) throw conflict(msg.harvestedReadOnly);
}

/** A built-in or custom status in its stored spelling (matched case-insensitively); else 400 naming `field`. */
export async function resolveStatus({ db }: Deps, companyId: number, name: string, field: string): Promise<string> {
  const wanted = name.trim().toLowerCase();
  const builtIn = BUILT_IN_BATCH_STATUSES.find((s) => s.toLowerCase() === wanted);
  if (builtIn) return builtIn;
  const custom = await repo.findCustomStatus(db, companyId, wanted);
  if (custom) return custom.status_name;
  const customs = await repo.customStatuses(db, companyId);
  throw badRequest(unknownBatchStatus(field, [...BUILT_IN_BATCH_STATUSES, ...customs.map((c) => c.status_name)]), field);
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

function checkDates(start: string | null, end: string | null) {
  if (start && end && end < start) throw badRequest(msg.endBeforeStart, 'EndDate');
}

/** Setting Harvested by any path records who and when, as /harvest_batch does (without weights). */
const harvestStamp = (status: string, userId: number, at: Date) =>
  status === HARVESTED_STATUS ? { harvested_at: at, harvested_by: userId } : {};

/** The crop id when it is one of the company's crops (held until the batch commits), else 404. */
async function ownCrop(deps: TxDeps, companyId: number, cropId: number | null): Promise<number | null> {
  if (cropId === null) return null;
  if (!(await cropOfCompany(deps, companyId, cropId))) throw notFound('Crop');
  return cropId;
}

/** The service inputs are the contract's (after parsing); the demo seeder calls them the same way. */
type Input<K extends keyof typeof batchesEndpoints> = EndpointInput<(typeof batchesEndpoints)[K]>;
export type CreateBatchInput = Input<'createBatch'>;

export async function createBatch(deps: BatchesDeps, caller: Caller, input: CreateBatchInput, opts: { at?: Date } = {}) {
  const companyId = input.company_id;
  const start = input.StartDate ?? null;
  const end = input.EndDate ?? null;
  checkDates(start, end);
  const at = opts.at ?? new Date();
  const row = await deps.db.transaction().execute(async (trx) => {
    const status = input.BatchStatus ? await resolveStatus({ db: trx }, companyId, input.BatchStatus, 'BatchStatus') : DEFAULT_BATCH_STATUS;
    if (await repo.batchNumberTaken(trx, companyId, input.BatchNumber)) throw conflict(msg.numberTaken);
    const created = await repo
      .insertBatch(trx, {
        company_id: companyId,
        batch_number: input.BatchNumber,
        number_of_plants: input.NumberOfPlants,
        strain_name: input.StrainName,
        batch_status: status,
        color: input.Color ?? null,
        pre_books: input.PreBooks,
        crop_id: await ownCrop({ db: trx }, companyId, input.CropID ?? null),
        start_date: start,
        end_date: end,
        created_by: caller.user_id,
        created_at: at,
        updated_at: at,
        ...harvestStamp(status, caller.user_id, at),
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? conflict(msg.numberTaken) : e;
      });
    await repo.insertStatusHistory(trx, [{ company_id: companyId, batch_id: created.batch_id, from_status: null, to_status: status, changed_by: caller.user_id, changed_at: at }]);
    await writeAudit(trx, { companyId, userId: caller.user_id, action: 'batch.created', entityType: 'batch', entityId: created.batch_id, after: toBatch(created) });
    return created;
  });
  return toBatch(row);
}

export async function listBatches(deps: BatchesDeps, companyId: number, status?: string) {
  const rows = await repo.listBatches(deps.db, companyId, status);
  return rows.map(toBatch);
}

export type UpdateBatchInput = Input<'updateBatches'>;

export async function updateBatch(deps: BatchesDeps, caller: Caller, input: UpdateBatchInput, opts: { at?: Date } = {}) {
  const companyId = input.company_id;
  const at = opts.at ?? new Date();
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await lockOwnBatch({ db: trx }, companyId, input.batch_id);
    const changes: repo.UpdateableBatchRow = {};
    if (input.BatchNumber !== undefined && input.BatchNumber !== before.batch_number) {
      if (await repo.batchNumberTaken(trx, companyId, input.BatchNumber, before.batch_id)) throw conflict(msg.numberTaken);
      changes.batch_number = input.BatchNumber;
    }
    if (input.NumberOfPlants !== undefined) changes.number_of_plants = input.NumberOfPlants;
    if (input.StrainName !== undefined) changes.strain_name = input.StrainName;
    if (input.Color !== undefined) changes.color = input.Color;
    if (input.PreBooks !== undefined) changes.pre_books = input.PreBooks;
    if (input.CropID !== undefined) changes.crop_id = await ownCrop({ db: trx }, companyId, input.CropID);
    if (input.StartDate !== undefined) changes.start_date = input.StartDate;
    if (input.EndDate !== undefined) changes.end_date = input.EndDate;
    checkDates(changes.start_date !== undefined ? (changes.start_date as string | null) : before.start_date,
      changes.end_date !== undefined ? (changes.end_date as string | null) : before.end_date);
    let newStatus: string | null = null;
    if (input.BatchStatus !== undefined) {
      const status = await resolveStatus({ db: trx }, companyId, input.BatchStatus, 'BatchStatus');
      if (status !== before.batch_status) {
        assertNotHarvested(before);
        if (status === HARVESTED_STATUS) await refuseInsidePreharvest({ db: trx }, companyId, before.batch_id, at, 'BatchStatus');
        newStatus = status;
        Object.assign(changes, { batch_status: status }, harvestStamp(status, caller.user_id, at));
      }
    }
    const after = await repo.updateBatch(trx, before.batch_id, changes).catch((e: unknown) => {
      throw isUniqueViolation(e) ? conflict(msg.numberTaken) : e;
    });
    if (newStatus) {
      await repo.insertStatusHistory(trx, [{ company_id: companyId, batch_id: before.batch_id, from_status: before.batch_status, to_status: newStatus, changed_by: caller.user_id, changed_at: at }]);
    }
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: newStatus ? 'batch.status_changed' : 'batch.updated',
      entityType: 'batch',
      entityId: before.batch_id,
      before: toBatch(before),
      after: toBatch(after),
    });
    return after;
  });
  return toBatch(row);
}

export async function deleteBatch(deps: BatchesDeps, caller: Caller, input: Input<'deleteBatches'>) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockOwnBatch({ db: trx }, input.company_id, input.batch_id);
    await repo.deleteBatch(trx, before.batch_id);
    await writeAudit(trx, { companyId: input.company_id, userId: caller.user_id, action: 'batch.deleted', entityType: 'batch', entityId: before.batch_id, before: toBatch(before) });
  });
}

export type HarvestInput = Input<'harvestBatch'>;

export async function harvestBatch(deps: BatchesDeps, caller: Caller, input: HarvestInput, opts: { at?: Date } = {}) {
  if ((input.wet_weight !== undefined || input.dry_weight !== undefined) && !input.unit) {
    throw badRequest('unit is required with a weight (g, kg, lb or oz).', 'unit');
  }
  const at = opts.at ?? new Date();
  // Who harvested is the signed-in caller; the spec's user_id is not trusted for attribution.
  const harvester = caller.user_id;
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await lockOwnBatch({ db: trx }, input.company_id, input.batch_id);
    assertNotHarvested(before);
    // Inside a pre-harvest interval a harvest is refused unless an Admin overrides with a reason (issue 22), audited below.
    const warnings = await runningPreharvest(trx, input.company_id, before.batch_id, utcDate(at));
    const override = warnings.length > 0 ? input.preharvest_override_reason : undefined;
    if (warnings.length > 0 && override === undefined) throw new AppError('unprocessable', msg.preharvestRefused(warnings), 'preharvest_override_reason');
    if (override !== undefined && !ADMIN_ROLES.includes(caller.user_role)) throw forbidden(msg.preharvestOverrideAdminOnly);
    const after = await repo.updateBatch(trx, before.batch_id, {
      batch_status: HARVESTED_STATUS,
      harvested_at: at,
      harvested_by: harvester,
      harvest_wet_weight: input.wet_weight ?? null,
      harvest_dry_weight: input.dry_weight ?? null,
      harvest_unit: input.unit ?? null,
    });
    if (before.batch_status !== HARVESTED_STATUS) {
      await repo.insertStatusHistory(trx, [{ company_id: input.company_id, batch_id: before.batch_id, from_status: before.batch_status, to_status: HARVESTED_STATUS, changed_by: harvester, changed_at: at }]);
    }
    await writeAudit(trx, {
      companyId: input.company_id, userId: caller.user_id, action: 'batch.harvested', entityType: 'batch', entityId: before.batch_id,
      before: toBatch(before),
      after: { ...toBatch(after), ...(warnings.length > 0 ? { preharvest_warnings: warnings, preharvest_override: { reason: override, by: caller.user_id } } : {}) },
    });
    return { after, warnings };
  });
  return { batch: toBatch(row.after), preharvest_warnings: row.warnings };
}
