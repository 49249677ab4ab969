import type { FastifyInstance } from 'fastify';
import { makeBatch } from '../plants/plants.fixtures.js';

interface WalkTenant {
  companyId: number;
  admin: { user_id: number; auth: { authorization: string } };
}

/**
 * Rows of the plants-to-batch, batch-problem and tray domains for the tenancy walk, made through their
 * endpoints: a batch (SQL, until the batches module seeds its own), the tenant's first plant linked to
 * it, a batch problem in `roomId`, a tray template and a tray. `ids.batchid` is this batch.
 */
export async function seedTraysAndLinksForWalk(app: FastifyInstance, tenant: WalkTenant, tag: string, roomId: number) {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api${url}`, headers: tenant.admin.auth, payload: payload as never });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
    return res.json();
  };
  const base = { company_id: tenant.companyId, user_id: tenant.admin.user_id };
  const batchId = await makeBatch(app, tenant.companyId, { batchNumber: `Marker Tray Batch ${tag}` });
  const plant = await app.db.selectFrom('plants').select('plant_uid').where('company_id', '=', tenant.companyId).orderBy('plant_id').executeTakeFirst();
  if (plant) await post('/link_plants_to_batch', { plant_uids: [plant.plant_uid], batch_id: batchId, user_id: tenant.admin.user_id });
  await post('/create_batch_problem', { ...base, batch_id: batchId, problem_type: `Marker Batch Pest ${tag}`, severity: 2, notes: `Marker batch notes ${tag}`, room_ids: [roomId] });
  const { template } = await post('/create_tray_template', { ...base, template_name: `Marker Tray Template ${tag}`, number_of_plants: 12, description: `Marker tray description ${tag}`, default_batch_id: batchId });
  const { tray } = await post('/create_tray', { ...base, tray_name: `Marker Tray ${tag}`, number_of_plants: 6, batch_id: batchId });
  return {
    markers: [`Marker Tray Batch ${tag}`, `Marker Batch Pest ${tag}`, `Marker batch notes ${tag}`, `Marker Tray Template ${tag}`, `Marker tray description ${tag}`, `Marker Tray ${tag}`],
    // template_id is the grid template's in the walk; the tray template is reached through its own tests.
    ids: { batchid: batchId, defaultbatchid: batchId, trayid: tray.tray_id as number, traytemplateid: template.template_id as number },
  };
}
