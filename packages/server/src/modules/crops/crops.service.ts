import { cropsMessages as msg, type Crop, type EndpointInput, type cropsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import * as repo from './crops.repository.js';

type Input<K extends keyof typeof cropsEndpoints> = EndpointInput<(typeof cropsEndpoints)[K]>;

const toCrop = (r: repo.CropRow): Crop => ({ crop_id: r.crop_id, name: r.name, eppo_code: r.eppo_code, batch_count: Number(r.batch_count ?? 0) });
const nameTaken = () => new AppError('conflict', msg.nameTaken, 'name');

/** The company's crops; the first read of a company puts in the defaults (docs/decisions.md). */
export async function listCrops(deps: Deps, caller: Caller) {
  if (!(await repo.isSeeded(deps.db, caller.company_id))) {
    await deps.db.transaction().execute((trx) => repo.seedDefaultsOnce(trx, caller.company_id));
  }
  return { status: 'success' as const, crops: (await repo.listCrops(deps.db, caller.company_id)).map(toCrop) };
}

export async function saveCrop(deps: Deps, caller: Caller, input: Input<'saveCrop'>) {
  const id = await deps.db.transaction().execute(async (trx) => {
    // A crop added before the first read must not stop the defaults from coming in.
    await repo.seedDefaultsOnce(trx, caller.company_id);
    if (input.crop_id === undefined) {
      if (await repo.nameTaken(trx, caller.company_id, input.name)) throw nameTaken();
      const row = { company_id: caller.company_id, name: input.name, eppo_code: input.eppo_code, created_by: caller.user_id };
      const cropId = await repo.insertCrop(trx, row);
      await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop.create', entityType: 'crop', entityId: cropId, after: row });
      return cropId;
    }
    const before = await repo.lockCrop(trx, caller.company_id, input.crop_id);
    if (!before) throw notFound('Crop');
    if (await repo.nameTaken(trx, caller.company_id, input.name, input.crop_id)) throw nameTaken();
    await repo.updateCrop(trx, input.crop_id, { name: input.name, eppo_code: input.eppo_code });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'crop.update', entityType: 'crop', entityId: input.crop_id,
      before: { name: before.name, eppo_code: before.eppo_code }, after: { name: input.name, eppo_code: input.eppo_code },
    });
    return input.crop_id;
  });
  return { status: 'success' as const, message: msg.saved, crop: toCrop((await repo.findCrop(deps.db, caller.company_id, id))!) };
}

export async function deleteCrop(deps: Deps, caller: Caller, cropId: number) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockCrop(trx, caller.company_id, cropId);
    if (!before) throw notFound('Crop');
    const using = await repo.batchesUsing(trx, cropId);
    if (using > 0) throw new AppError('conflict', msg.inUse(using), 'crop_id');
    await repo.deleteCrop(trx, cropId);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'crop.delete', entityType: 'crop', entityId: cropId, before: { name: before.name, eppo_code: before.eppo_code } });
  });
  return { status: 'success' as const, message: msg.deleted, crop_id: cropId };
}

/**
 * For batches: the crop when it is the company's (locked for share, so it cannot be deleted before the
 * batch naming it commits), else undefined.
 */
export async function cropOfCompany({ db: trx }: TxDeps, companyId: number, cropId: number) {
  return trx.selectFrom('crops').select(['crop_id', 'name', 'eppo_code']).where('company_id', '=', companyId).where('crop_id', '=', cropId).forShare().executeTakeFirst();
}
