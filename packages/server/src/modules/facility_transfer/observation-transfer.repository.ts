import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB, ImportedObservation } from '../../db/schema.js';
import type { Db } from './facility-transfer.repository.js';

export type ObservationImportRow = Selectable<DB['observation_imports']>;

/** One observation as it is exported, with its place's names. */
export interface ExportedObservation {
  observation_id: number;
  room: string | null;
  grid: string | null;
  x: number | null;
  y: number | null;
  problem: string;
  severity: number | null;
  status: string;
  notes: string | null;
  observed_at: Date;
  /** observed_at as PostgreSQL writes it (microseconds kept): the page's keyset, exact where a Date would round. */
  at_key: string;
}

export interface ExportFilter {
  roomId?: number;
  /** The grids placed in roomId (a room holds the observations of its grids, as the observation list says). */
  roomGridIds?: number[];
  /** Inclusive UTC days. */
  startDate?: string;
  endDate?: string;
}

/**
 * A page of the company's observations (suspected ones left out) oldest first, after `after` (keyset on time and id,
 * served by the (company, time) index: pages cost the same deep in).
 */
export function observationPage(db: Db, companyId: number, f: ExportFilter, after: { at: string; id: number } | null, limit: number): Promise<ExportedObservation[]> {
  let q = db
    .selectFrom('problem_observations as o')
    .leftJoin('grid_boxes as b', (j) => j.onRef('b.grid_box_id', '=', 'o.grid_box_id').onRef('b.company_id', '=', 'o.company_id'))
    .leftJoin('grids as g', (j) => j.onRef('g.grid_id', '=', 'o.grid_id').onRef('g.company_id', '=', 'o.company_id'))
    .leftJoin('room_grid as rg', (j) => j.onRef('rg.grid_id', '=', 'o.grid_id').onRef('rg.company_id', '=', 'o.company_id'))
    .leftJoin('rooms as r', (j) => j.on(sql<boolean>`r.room_id = coalesce(o.room_id, rg.room_id)`).onRef('r.company_id', '=', 'o.company_id'))
    .select([
      'o.observation_id', 'r.name as room', 'g.name as grid', 'b.x', 'b.y', 'o.problem', 'o.severity', 'o.status', 'o.notes', 'o.observed_at',
      sql<string>`o.observed_at::text`.as('at_key'),
    ])
    .where('o.company_id', '=', companyId)
    .where('o.status', '!=', 'suspected');
  if (after) q = q.where(sql<boolean>`(o.observed_at, o.observation_id) > (${after.at}::timestamptz, ${after.id}::int)`);
  if (f.roomId !== undefined) {
    const roomId = f.roomId;
    const grids = f.roomGridIds ?? [];
    q = q.where((eb) => eb.or([
      eb('o.room_id', '=', roomId),
      ...(grids.length ? [eb('o.grid_id', '=', sql<number>`ANY(${sql.val(grids)}::int[])`)] : []),
    ]));
  }
  if (f.startDate) q = q.where('o.observed_at', '>=', sql<Date>`(${f.startDate}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (f.endDate) q = q.where('o.observed_at', '<', sql<Date>`(${f.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return q.orderBy('o.observed_at').orderBy('o.observation_id').limit(limit).execute() as Promise<ExportedObservation[]>;
}

export async function roomOf(db: Db, companyId: number, roomId: number): Promise<{ gridIds: number[] } | null> {
  const room = await db.selectFrom('rooms').select('room_id').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
  if (!room) return null;
  const grids = await db.selectFrom('room_grid').select('grid_id').where('company_id', '=', companyId).where('room_id', '=', roomId).execute();
  return { gridIds: grids.map((g) => g.grid_id) };
}

/** The boxes at these (grid, column, row) places, one read for a chunk of lines. */
export async function boxesAt(db: Db, companyId: number, places: { gridId: number; x: number; y: number }[]) {
  if (!places.length) return [];
  const { rows } = await sql<{ grid_box_id: number; grid_id: number; x: number; y: number }>`
    SELECT b.grid_box_id, b.grid_id, b.x, b.y
    FROM unnest(${sql.val(places.map((p) => p.gridId))}::int[], ${sql.val(places.map((p) => p.x))}::int[], ${sql.val(places.map((p) => p.y))}::int[]) AS v(grid_id, x, y)
    JOIN grid_boxes b ON b.company_id = ${companyId} AND b.grid_id = v.grid_id AND b.x = v.x AND b.y = v.y`.execute(db);
  return rows;
}

/** Whether any of these observations has a recorded action or is a treatment's target (an undo would lose it). */
export async function actedOn(db: Db, companyId: number, ids: number[]): Promise<number | null> {
  if (!ids.length) return null;
  const { rows } = await sql<{ id: number }>`
    SELECT observation_id AS id FROM observation_actions WHERE company_id = ${companyId} AND observation_id = ANY(${sql.val(ids)}::int[])
    UNION ALL
    SELECT observation_id AS id FROM treatment_application_targets WHERE observation_id = ANY(${sql.val(ids)}::int[])
    LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}

export function insertImport(
  trx: Transaction<DB>,
  row: { companyId: number; userId: number; format: ObservationImportRow['format']; fileName: string; created: number[]; changed: ImportedObservation[] },
): Promise<ObservationImportRow> {
  return trx
    .insertInto('observation_imports')
    .values({
      company_id: row.companyId, user_id: row.userId, format: row.format, file_name: row.fileName,
      created_ids: row.created, changed: JSON.stringify(row.changed),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One import of the company, locked for its undo (two undos of one import take turns). */
export function lockImport(trx: Transaction<DB>, companyId: number, importId: number): Promise<ObservationImportRow | undefined> {
  return trx.selectFrom('observation_imports').selectAll().where('company_id', '=', companyId).where('import_id', '=', importId).forUpdate().executeTakeFirst();
}

export function markUndone(trx: Transaction<DB>, companyId: number, importId: number, userId: number, at: Date): Promise<ObservationImportRow> {
  return trx
    .updateTable('observation_imports')
    .set({ undone_at: at, undone_by: userId })
    .where('company_id', '=', companyId)
    .where('import_id', '=', importId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The company's last imports, newest first, with their counts (not their ids). */
export function listImports(db: Db, companyId: number, limit: number) {
  return db
    .selectFrom('observation_imports')
    .select(['import_id', 'format', 'file_name', 'created_at', 'undone_at'])
    .select(sql<number>`cardinality(created_ids)`.as('created'))
    .select(sql<number>`jsonb_array_length(changed)`.as('changed'))
    .where('company_id', '=', companyId)
    .orderBy('import_id', 'desc')
    .limit(limit)
    .execute();
}
