import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { newPlantUid } from './plant-uid.js';
import { findPlantById, findPlantByUid, insertPlants, type PlantRef } from './plants.repository.js';

export type { PlantRef };

/**
 * Creates `count` plants with fresh plant_uids, in the caller's transaction. A uid that happens to
 * exist already (1 in 10^12 per pair) is skipped by the insert and drawn again.
 */
export async function createPlants(db: Kysely<DB>, companyId: number, userId: number | null, count: number): Promise<PlantRef[]> {
  const made: PlantRef[] = [];
  for (let round = 0; made.length < count; round++) {
    if (round > 5) throw new Error('could not draw free plant uids');
    const uids = [...new Set(Array.from({ length: count - made.length }, newPlantUid))];
    made.push(...(await insertPlants(db, companyId, userId, uids)));
  }
  return made;
}

/** The company's plant with this uid, or 404 (also for another company's plant). */
export async function getPlantByUid(db: Kysely<DB>, companyId: number, uid: string, opts: { lock?: boolean } = {}): Promise<PlantRef> {
  const plant = await findPlantByUid(db, companyId, uid.trim(), opts.lock);
  if (!plant) throw notFound('Plant');
  return plant;
}

export async function getPlantById(db: Kysely<DB>, companyId: number, plantId: number, opts: { lock?: boolean } = {}): Promise<PlantRef> {
  const plant = await findPlantById(db, companyId, plantId, opts.lock);
  if (!plant) throw notFound('Plant');
  return plant;
}
