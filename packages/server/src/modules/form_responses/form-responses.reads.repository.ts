import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface ResponseFilter {
  gridId?: number;
  gridBoxId?: number;
  responseId?: number;
  /** Observed at or after. */
  from?: Date;
  /** Observed before. */
  to?: Date;
  limit?: number;
  offset?: number;
}

export interface ResponseRow {
  response_id: number;
  template_id: number;
  template_name: string;
  form_category: string;
  kind: 'box' | 'boxes' | 'room' | 'image';
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  sub_gridbox_id: number | null;
  x: number | null;
  y: number | null;
  submitted_by: number | null;
  first_name: string | null;
  last_name: string | null;
  submitted_at: Date;
  observed_at: Date;
  status: string;
  image_key: string | null;
  image_thumb: string | null;
  comment_count: number;
}

function filtered(db: Kysely<DB>, companyId: number, f: ResponseFilter) {
  let q = db.selectFrom('form_responses as r').where('r.company_id', '=', companyId);
  if (f.gridId !== undefined) q = q.where('r.grid_id', '=', f.gridId);
  if (f.gridBoxId !== undefined) q = q.where('r.grid_box_id', '=', f.gridBoxId);
  if (f.responseId !== undefined) q = q.where('r.response_id', '=', f.responseId);
  if (f.from) q = q.where('r.observed_at', '>=', f.from);
  if (f.to) q = q.where('r.observed_at', '<', f.to);
  return q;
}

/** Responses, newest observed first, with their template, box position, submitter and comment count. */
export async function listResponses(db: Kysely<DB>, companyId: number, f: ResponseFilter): Promise<ResponseRow[]> {
  let q = filtered(db, companyId, f)
    .innerJoin('form_templates as t', 't.template_id', 'r.template_id')
    .leftJoin('grid_boxes as gb', 'gb.grid_box_id', 'r.grid_box_id')
    .leftJoin('users as u', 'u.user_id', 'r.submitted_by')
    .select([
      'r.response_id', 'r.template_id', 't.template_name', 't.form_category', 'r.kind', 'r.room_id', 'r.grid_id',
      'r.grid_box_id', 'r.sub_gridbox_id', 'gb.x', 'gb.y', 'r.submitted_by', 'u.first_name', 'u.last_name',
      'r.submitted_at', 'r.observed_at', 'r.status', 'r.image_key', 'r.image_thumb',
    ])
    .select(sql<number>`(SELECT count(*)::int FROM comments c WHERE c.response_id = r.response_id)`.as('comment_count'))
    .orderBy('r.observed_at', 'desc')
    .orderBy('r.response_id', 'desc');
  if (f.limit !== undefined) q = q.limit(f.limit).offset(f.offset ?? 0);
  return q.execute();
}

export async function countResponses(db: Kysely<DB>, companyId: number, f: ResponseFilter): Promise<number> {
  const row = await filtered(db, companyId, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface FieldAnswerRow {
  field_response_id: number;
  response_id: number;
  field_id: number;
  field_name: string;
  field_type: string;
  input_data: string;
}

/** The answers of these responses, in each template's field order. */
export function answersOf(db: Kysely<DB>, companyId: number, responseIds: number[]): Promise<FieldAnswerRow[]> {
  if (!responseIds.length) return Promise.resolve([]);
  return db
    .selectFrom('field_responses as fr')
    .innerJoin('form_fields as f', 'f.field_id', 'fr.field_id')
    .select(['fr.field_response_id', 'fr.response_id', 'fr.field_id', 'f.field_name', 'f.field_type', 'fr.input_data'])
    .where('fr.company_id', '=', companyId)
    .where('fr.response_id', 'in', responseIds)
    .orderBy('fr.response_id')
    .orderBy('f.position')
    .orderBy('f.field_id')
    .execute();
}
