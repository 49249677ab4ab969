import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../plugins/auth.js';
import { listCrops, saveCrop } from '../../modules/crops/crops.service.js';
import { updateBatch } from '../../modules/batches/batches.service.js';

/** The demo greenhouse's own crop, beside the defaults (tomato LYPES, cucumber CUMSA, …): hemp by its EPPO code. */
export const DEMO_CROP = { name: 'Hemp', eppo_code: 'CNISA' } as const;

/**
 * The demo company's crop list, after the batches demo: the defaults come in with the first read, the greenhouse
 * adds its own crop, and every batch not harvested is linked to it (the register's crop cycle starts there).
 * Through the services, so audit events exist.
 */
export async function seedCropsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  await listCrops(app, caller);
  const { crop } = await saveCrop(app, caller, { company_id: ctx.companyId, name: DEMO_CROP.name, eppo_code: DEMO_CROP.eppo_code });
  const batches = await app.db.selectFrom('batches').select('batch_id').where('company_id', '=', ctx.companyId).where('harvested_at', 'is', null).orderBy('batch_id').execute();
  for (const b of batches) await updateBatch(app, caller, { batch_id: b.batch_id, company_id: ctx.companyId, CropID: crop.crop_id });
}
