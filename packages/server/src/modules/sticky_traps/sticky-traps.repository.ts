import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface CountRow {
  response_id: number;
  template_id: number;
  grid_id: number | null;
  grid_box_id: number | null;
  x: number | null;
  y: number | null;
  submitted_by: number | null;
  first_name: string | null;
  last_name: string | null;
  observed_at: Date;
  field_id: number;
  field_name: string;
  input_data: string;
}

/** The `sticky-trap-count` answers of these responses (blank answers are no reading). */
export async function countsOf(db: Kysely<DB>, companyId: number, responseIds: number[]): Promise<CountRow[]> {
  if (!responseIds.length) return [];
  const res = await sql<CountRow>`
    SELECT r.response_id, r.template_id, r.grid_id, r.grid_box_id, gb.x, gb.y, r.submitted_by, u.first_name, u.last_name,
           r.observed_at, f.field_id, f.field_name, fr.input_data
    FROM form_responses r
    JOIN field_responses fr ON fr.response_id = r.response_id
    JOIN form_fields f ON f.field_id = fr.field_id AND f.field_type = 'sticky-trap-count'
    LEFT JOIN grid_boxes gb ON gb.grid_box_id = r.grid_box_id
    LEFT JOIN users u ON u.user_id = r.submitted_by
    WHERE r.company_id = ${companyId} AND r.response_id = ANY(${responseIds}::int[]) AND btrim(fr.input_data) <> ''
    ORDER BY r.observed_at, r.response_id, f.position, f.field_id`.execute(db);
  return res.rows;
}

export interface ReadingFilter {
  gridId?: number;
  gridBoxId?: number;
  from?: Date;
  to?: Date;
  /** Only each box's latest reading. */
  latestPerBox?: boolean;
}

/** Ids of responses that carry a sticky-trap count, oldest first (or each box's latest). */
export async function readingIds(db: Kysely<DB>, companyId: number, f: ReadingFilter): Promise<number[]> {
  const where = [sql`r.company_id = ${companyId}`];
  if (f.gridId !== undefined) where.push(sql`r.grid_id = ${f.gridId}`);
  if (f.gridBoxId !== undefined) where.push(sql`r.grid_box_id = ${f.gridBoxId}`);
  if (f.from) where.push(sql`r.observed_at >= ${f.from}`);
  if (f.to) where.push(sql`r.observed_at < ${f.to}`);
  where.push(sql`EXISTS (SELECT 1 FROM field_responses fr JOIN form_fields ff ON ff.field_id = fr.field_id
    WHERE fr.response_id = r.response_id AND ff.field_type = 'sticky-trap-count' AND btrim(fr.input_data) <> '')`);
  const cond = sql.join(where, sql` AND `);
  const res = f.latestPerBox
    ? await sql<{ response_id: number }>`
        SELECT DISTINCT ON (r.grid_box_id) r.response_id FROM form_responses r
        WHERE ${cond} AND r.grid_box_id IS NOT NULL
        ORDER BY r.grid_box_id, r.observed_at DESC, r.response_id DESC`.execute(db)
    : await sql<{ response_id: number }>`
        SELECT r.response_id FROM form_responses r WHERE ${cond} ORDER BY r.observed_at, r.response_id LIMIT 5000`.execute(db);
  return res.rows.map((r) => r.response_id);
}

/** The latest reading of a box, any time. */
export async function latestReadingId(db: Kysely<DB>, companyId: number, gridBoxId: number): Promise<number | undefined> {
  const [id] = await readingIds(db, companyId, { gridBoxId, latestPerBox: true });
  return id;
}

export function findGrid(db: Kysely<DB>, companyId: number, gridId: number) {
  return db.selectFrom('grids').select('grid_id').where('company_id', '=', companyId).where('grid_id', '=', gridId).executeTakeFirst();
}

export function findGridBox(db: Kysely<DB>, companyId: number, boxId: number) {
  return db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', companyId).where('grid_box_id', '=', boxId).executeTakeFirst();
}
