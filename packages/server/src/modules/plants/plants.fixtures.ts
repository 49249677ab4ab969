import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../plugins/auth.js';
import { makeFacility, type FacilityFixture } from '../sub_gridboxes/sub-gridboxes.fixtures.js';
import { createSubGridboxes } from '../sub_gridboxes/sub-gridboxes.service.js';

let counter = 0;

/**
 * A batch written with SQL, so plant, tray and batch-problem tests do not depend on the batches
 * endpoints (built alongside). `harvested` sets harvested_at as harvest_batch would.
 */
export async function makeBatch(
  app: FastifyInstance,
  companyId: number,
  opts: { batchNumber?: string; harvested?: boolean; strain?: string; status?: string } = {},
): Promise<number> {
  counter += 1;
  const row = await app.db
    .insertInto('batches')
    .values({
      company_id: companyId,
      batch_number: opts.batchNumber ?? `B-${Date.now().toString(36)}-${counter}`,
      strain_name: opts.strain ?? 'Test strain',
      batch_status: opts.status ?? (opts.harvested ? 'Harvested' : 'Vegetative'),
      number_of_plants: 10,
      start_date: '2026-01-05',
      harvested_at: opts.harvested ? new Date() : null,
    })
    .returning('batch_id')
    .executeTakeFirstOrThrow();
  return row.batch_id;
}

/** A room with a 2×1 grid whose box (1,1) holds nx × ny sub-boxes with fresh plants. */
export async function makePlantsInRoom(app: FastifyInstance, caller: Caller, opts: { roomName?: string; nx?: number; ny?: number } = {}) {
  const place: FacilityFixture = await makeFacility(app, caller.company_id, { roomName: opts.roomName ?? 'Plant room', nx: 2, ny: 1 });
  const made = await createSubGridboxes(app.db, caller, {
    parent_gridbox_id: place.box(1, 1),
    user_id: caller.user_id,
    nx: opts.nx ?? 2,
    ny: opts.ny ?? 1,
    auto_initialize_plants: true,
  });
  return { place, subs: made.subGridboxes, uids: made.subGridboxes.map((s) => s.plant_uid!) };
}
