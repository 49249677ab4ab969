import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A camera with its grid and room names and how many images it has sent. */
function camerasWithPlace(db: Db, companyId: number) {
  return db
    .selectFrom('cameras as c')
    .innerJoin('grids as g', 'g.grid_id', 'c.grid_id')
    .leftJoin(
      (eb) => eb.selectFrom('room_grid as rg').innerJoin('rooms as r', 'r.room_id', 'rg.room_id').distinctOn('rg.grid_id')
        .select(['rg.grid_id', 'r.room_id', 'r.name as room_name']).orderBy('rg.grid_id').orderBy('rg.id').as('place'),
      (j) => j.onRef('place.grid_id', '=', 'c.grid_id'),
    )
    .select((eb) => [
      'c.camera_id', 'c.name', 'c.grid_id', 'g.name as grid_name', 'place.room_id', 'place.room_name', 'c.token_hint', 'c.token_created_at',
      'c.token_revoked_at', 'c.last_ingest_at', 'c.created_at', 'c.created_by',
      eb.selectFrom('camera_scans as cs').whereRef('cs.camera_id', '=', 'c.camera_id').select((e) => e.fn.countAll<string>().as('n')).as('image_count'),
    ])
    .where('c.company_id', '=', companyId);
}
export type CameraRow = NonNullable<Awaited<ReturnType<ReturnType<typeof camerasWithPlace>['executeTakeFirst']>>>;

export const listCameras = (db: Db, companyId: number) => camerasWithPlace(db, companyId).orderBy('c.camera_id', 'desc').execute();
export const findCamera = (db: Db, companyId: number, cameraId: number) =>
  camerasWithPlace(db, companyId).where('c.camera_id', '=', cameraId).executeTakeFirst();

export function findGrid(db: Db, companyId: number, gridId: number) {
  return db
    .selectFrom('grids as g')
    .select(['g.grid_id'])
    .where('g.grid_id', '=', gridId)
    .where('g.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function insertCamera(trx: Transaction<DB>, row: { company_id: number; grid_id: number; name: string; token_hash: string; token_hint: string; created_by: number }) {
  const { camera_id } = await trx.insertInto('cameras').values(row).returning('camera_id').executeTakeFirstOrThrow();
  return camera_id;
}

export function lockCamera(trx: Transaction<DB>, companyId: number, cameraId: number) {
  return trx.selectFrom('cameras').selectAll().where('company_id', '=', companyId).where('camera_id', '=', cameraId).forUpdate().executeTakeFirst();
}

export async function setToken(trx: Transaction<DB>, cameraId: number, token: { token_hash: string; token_hint: string } | null, now: Date) {
  await trx
    .updateTable('cameras')
    .set(token ? { ...token, token_created_at: now, token_revoked_at: null } : { token_revoked_at: now })
    .where('camera_id', '=', cameraId)
    .execute();
}

/** The camera whose live token hashes to this, with the user who registered it (the scan's author). */
export function cameraByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('cameras as c')
    .leftJoin('users as u', (j) => j.onRef('u.user_id', '=', 'c.created_by').onRef('u.company_id', '=', 'c.company_id').on('u.active', '=', true))
    .select(['c.camera_id', 'c.company_id', 'c.grid_id', 'c.token_revoked_at', 'u.user_id', 'u.user_role'])
    .where('c.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function recordScan(db: Db, row: { camera_id: number; scan_id: number; company_id: number; captured_at: Date }) {
  await db.insertInto('camera_scans').values(row).execute();
  await db.updateTable('cameras').set({ last_ingest_at: new Date() }).where('camera_id', '=', row.camera_id).execute();
}

export async function scanIdsOf(db: Db, companyId: number, cameraId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('camera_scans as cs')
    .innerJoin('scans as s', 's.scan_id', 'cs.scan_id')
    .select('cs.scan_id')
    .where('cs.camera_id', '=', cameraId)
    .where('s.company_id', '=', companyId)
    .orderBy('cs.captured_at', 'desc')
    .orderBy('cs.scan_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('camera_scans as cs')
    .innerJoin('scans as s', 's.scan_id', 'cs.scan_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('cs.camera_id', '=', cameraId)
    .where('s.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.scan_id), total: Number(n) };
}
