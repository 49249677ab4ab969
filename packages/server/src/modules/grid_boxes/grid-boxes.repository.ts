import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, GridBoxTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type GridBoxRow = Selectable<GridBoxTable>;

export function lockGridBox(trx: Transaction<DB>, companyId: number, boxId: number): Promise<GridBoxRow | undefined> {
  return trx
    .selectFrom('grid_boxes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('grid_box_id', '=', boxId)
    .forUpdate()
    .executeTakeFirst();
}

export function findGridBox(db: Db, companyId: number, boxId: number): Promise<GridBoxRow | undefined> {
  return db.selectFrom('grid_boxes').selectAll().where('company_id', '=', companyId).where('grid_box_id', '=', boxId).executeTakeFirst();
}

export function setCulled(trx: Transaction<DB>, boxId: number, culled: boolean, userId: number) {
  return trx
    .updateTable('grid_boxes')
    .set(culled ? { culled: true, culled_at: new Date(), culled_by: userId } : { culled: false, culled_at: null, culled_by: null })
    .where('grid_box_id', '=', boxId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setCustomName(trx: Transaction<DB>, boxId: number, name: string | null) {
  return trx.updateTable('grid_boxes').set({ custom_name: name }).where('grid_box_id', '=', boxId).returningAll().executeTakeFirstOrThrow();
}

export function culledBoxes(db: Db, companyId: number, gridId: number) {
  return db
    .selectFrom('grid_boxes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('grid_id', '=', gridId)
    .where('culled', '=', true)
    .orderBy('x')
    .orderBy('y')
    .execute();
}

export function namedBoxes(db: Db, companyId: number, gridId: number) {
  return db
    .selectFrom('grid_boxes')
    .select(['grid_box_id', 'grid_id', 'x', 'y', 'custom_name'])
    .where('company_id', '=', companyId)
    .where('grid_id', '=', gridId)
    .where('custom_name', 'is not', null)
    .orderBy('x')
    .orderBy('y')
    .execute();
}

export interface HistoryRow {
  source: 'audit' | 'movement';
  action: string | null;
  at: Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  before: unknown;
  after: unknown;
  plant_uid: string | null;
  from_gridbox_id: number | null;
  to_gridbox_id: number | null;
  movement_reason: string | null;
  notes: string | null;
}

/** The box's audit events (culling, renames) and the plant moves into or out of it, newest first. */
export async function boxHistory(db: Db, companyId: number, boxId: number): Promise<HistoryRow[]> {
  const res = await sql<HistoryRow>`
    SELECT * FROM (
      SELECT 'audit' AS source, a.action, a.created_at AS at, a.user_id, u.first_name, u.last_name, a.before, a.after,
        NULL::text AS plant_uid, NULL::int AS from_gridbox_id, NULL::int AS to_gridbox_id, NULL::text AS movement_reason, NULL::text AS notes
      FROM audit_events a LEFT JOIN users u ON u.user_id = a.user_id
      WHERE a.company_id = ${companyId} AND a.entity_type = 'grid_box' AND a.entity_id = ${String(boxId)}
        AND a.action IN ('grid_box.culled', 'grid_box.unculled', 'grid_box.renamed')
      UNION ALL
      SELECT 'movement', NULL, m.moved_at, m.moved_by, u.first_name, u.last_name, NULL, NULL,
        p.plant_uid, m.from_gridbox_id, m.to_gridbox_id, m.movement_reason, m.notes
      FROM plant_movements m
      JOIN plants p ON p.plant_id = m.plant_id
      LEFT JOIN users u ON u.user_id = m.moved_by
      WHERE m.company_id = ${companyId} AND (m.from_gridbox_id = ${boxId} OR m.to_gridbox_id = ${boxId})
    ) h
    ORDER BY at DESC
    LIMIT 1000`.execute(db);
  return res.rows.map((r) => ({ ...r, at: new Date(r.at) }));
}
