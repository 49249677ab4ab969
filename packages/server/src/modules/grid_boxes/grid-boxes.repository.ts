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
  source: 'audit' | 'movement' | 'form' | 'observation' | 'comment';
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
  /** Form: template name; observation: problem; comment: its text. */
  label: string | null;
  /** Observation: severity. */
  severity: number | null;
  /** The form response the event belongs to. */
  response_id: number | null;
}

/**
 * Everything recorded on the box, newest first: audit events (culling, renames), plant moves into or out of
 * it, forms submitted on it (or on one of its sub-boxes), problems observed in it and comments on its forms.
 */
export async function boxHistory(db: Db, companyId: number, boxId: number): Promise<HistoryRow[]> {
  const res = await sql<HistoryRow>`
    SELECT * FROM (
      SELECT 'audit' AS source, a.action, a.created_at AS at, a.user_id, u.first_name, u.last_name, a.before, a.after,
        NULL::text AS plant_uid, NULL::int AS from_gridbox_id, NULL::int AS to_gridbox_id, NULL::text AS movement_reason, NULL::text AS notes,
        NULL::text AS label, NULL::int AS severity, NULL::int AS response_id
      FROM audit_events a LEFT JOIN users u ON u.user_id = a.user_id
      WHERE a.company_id = ${companyId} AND a.entity_type = 'grid_box' AND a.entity_id = ${String(boxId)}
        AND a.action IN ('grid_box.culled', 'grid_box.unculled', 'grid_box.renamed')
      UNION ALL
      SELECT 'movement', NULL, m.moved_at, m.moved_by, u.first_name, u.last_name, NULL, NULL,
        p.plant_uid, m.from_gridbox_id, m.to_gridbox_id, m.movement_reason, m.notes, NULL, NULL, NULL
      FROM plant_movements m
      JOIN plants p ON p.plant_id = m.plant_id
      LEFT JOIN users u ON u.user_id = m.moved_by
      WHERE m.company_id = ${companyId} AND (m.from_gridbox_id = ${boxId} OR m.to_gridbox_id = ${boxId})
      UNION ALL
      SELECT 'form', NULL, r.submitted_at, r.submitted_by, u.first_name, u.last_name, NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, t.template_name, NULL, r.response_id
      FROM form_responses r
      LEFT JOIN form_templates t ON t.template_id = r.template_id AND t.company_id = r.company_id
      LEFT JOIN users u ON u.user_id = r.submitted_by
      WHERE r.company_id = ${companyId} AND r.grid_box_id = ${boxId}
      UNION ALL
      SELECT 'observation', NULL, o.observed_at, o.observed_by, u.first_name, u.last_name, NULL, NULL,
        NULL, NULL, NULL, NULL, o.notes, o.problem, o.severity, o.response_id
      FROM problem_observations o
      LEFT JOIN users u ON u.user_id = o.observed_by
      WHERE o.company_id = ${companyId} AND o.grid_box_id = ${boxId}
      UNION ALL
      SELECT 'comment', NULL, c.created_at, c.user_id, u.first_name, u.last_name, NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, c.comment_text, NULL, c.response_id
      FROM comments c
      JOIN form_responses r ON r.response_id = c.response_id AND r.company_id = c.company_id
      LEFT JOIN users u ON u.user_id = c.user_id
      WHERE c.company_id = ${companyId} AND r.grid_box_id = ${boxId}
    ) h
    ORDER BY at DESC
    LIMIT 1000`.execute(db);
  return res.rows.map((r) => ({ ...r, at: new Date(r.at) }));
}
