import type { FastifyInstance } from 'fastify';
import { batchForm } from './batches.test-kit.js';

interface WalkTenant {
  companyId: number;
  admin: { user_id: number; auth: { authorization: string } };
}

/**
 * Batch rows of one tenant for the tenancy walk: a custom status, a batch in it linked to the seeded
 * room, grid and box, and a second room the batch has moved through (so history by room has rows).
 * `oldroomid`/`newroomid` are the two rooms of /move_plants; `batchid` also fills batch_ids and batchId.
 */
export async function seedBatchesForWalk(app: FastifyInstance, tenant: WalkTenant, tag: string, place: { roomid: number; gridid: number; gridboxid: number }) {
  const call = async (method: 'POST' | 'GET', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api${url}`, headers: tenant.admin.auth, ...(payload ? { payload: payload as never } : {}) });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
    return res.json();
  };
  const status = `Marker Status ${tag}`;
  await call('POST', '/create_custom_batch_status', { company_id: tenant.companyId, status_name: status });
  const { batch } = await call('POST', '/create_batch', batchForm({
    BatchNumber: `Marker Batch ${tag}`, StrainName: `Marker Strain ${tag}`, BatchStatus: status, NumberOfPlants: 10, company_id: tenant.companyId,
  }));
  const stop = await app.db.insertInto('rooms').values({ company_id: tenant.companyId, name: `Marker Batch Room ${tag}` }).returning('room_id').executeTakeFirstOrThrow();
  await call('POST', `/link_room_batch?room_id=${stop.room_id}&batch_id=${batch.BatchID}`);
  await call('POST', `/move_plants?batch_id=${batch.BatchID}&old_room_id=${stop.room_id}&new_room_id=${place.roomid}`);
  await call('POST', `/link_grid_batch?grid_id=${place.gridid}&batch_id=${batch.BatchID}`);
  await call('POST', '/link_gridbox_batch', { batch_id: batch.BatchID, grid_box_ids: [place.gridboxid] });
  return {
    markers: [status, `Marker Batch ${tag}`, `Marker Strain ${tag}`, `Marker Batch Room ${tag}`],
    ids: { batchid: batch.BatchID as number, oldroomid: place.roomid, newroomid: stop.room_id },
  };
}
