import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface PlantRef {
  plant_id: number;
  plant_uid: string;
}

/** Inserts plants whose uid is still free; answers the rows it made (a clashing uid is skipped). */
export async function insertPlants(db: Kysely<DB>, companyId: number, userId: number | null, uids: string[]): Promise<PlantRef[]> {
  if (uids.length === 0) return [];
  return db
    .insertInto('plants')
    .values(uids.map((plant_uid) => ({ plant_uid, company_id: companyId, created_by: userId })))
    .onConflict((oc) => oc.column('plant_uid').doNothing())
    .returning(['plant_id', 'plant_uid'])
    .execute();
}

export async function findPlantByUid(db: Kysely<DB>, companyId: number, uid: string, lock = false): Promise<PlantRef | undefined> {
  let q = db
    .selectFrom('plants')
    .select(['plant_id', 'plant_uid'])
    .where('company_id', '=', companyId)
    .where('plant_uid', '=', uid);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findPlantById(db: Kysely<DB>, companyId: number, plantId: number, lock = false): Promise<PlantRef | undefined> {
  let q = db
    .selectFrom('plants')
    .select(['plant_id', 'plant_uid'])
    .where('company_id', '=', companyId)
    .where('plant_id', '=', plantId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
