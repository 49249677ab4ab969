import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Active fields of the company's live templates among these ids, with their template. */
export function liveFieldsByIds(db: Db, companyId: number, fieldIds: number[]) {
  return db
    .selectFrom('form_fields as f')
    .innerJoin('form_templates as t', 't.template_id', 'f.template_id')
    .select(['f.field_id', 'f.template_id'])
    .where('f.company_id', '=', companyId)
    .where('t.company_id', '=', companyId)
    .where('t.deleted_at', 'is', null)
    .where('f.is_active', '=', true)
    .where('f.field_id', 'in', fieldIds)
    .execute();
}

export interface BoxPlace {
  grid_box_id: number;
  grid_id: number;
  room_id: number | null;
  room_name: string | null;
}

/** The company's boxes among these ids with their grid and room (a grid's first room, should it sit in two). */
export async function boxPlaces(db: Db, companyId: number, boxIds: number[]): Promise<BoxPlace[]> {
  const res = await sql<BoxPlace>`
    SELECT gb.grid_box_id, gb.grid_id, r.room_id, r.name AS room_name
    FROM grid_boxes gb
    LEFT JOIN rooms r ON r.room_id = (SELECT min(rg.room_id) FROM room_grid rg WHERE rg.grid_id = gb.grid_id)
    WHERE gb.company_id = ${companyId} AND gb.grid_box_id = ANY(${boxIds}::int[])`.execute(db);
  return res.rows;
}

export function findSubGridbox(db: Db, companyId: number, subId: number) {
  return db
    .selectFrom('sub_gridboxes')
    .select(['sub_gridbox_id', 'parent_gridbox_id'])
    .where('company_id', '=', companyId)
    .where('sub_gridbox_id', '=', subId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findRoom(db: Db, companyId: number, roomId: number) {
  return db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
}

export function findGrid(db: Db, companyId: number, gridId: number) {
  return db.selectFrom('grids').select('grid_id').where('company_id', '=', companyId).where('grid_id', '=', gridId).executeTakeFirst();
}

export function findGridBox(db: Db, companyId: number, boxId: number) {
  return db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', companyId).where('grid_box_id', '=', boxId).executeTakeFirst();
}

export interface NewResponse {
  company_id: number;
  template_id: number;
  submitted_by: number;
  observed_at: Date;
  kind: 'box' | 'boxes' | 'room' | 'image';
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  sub_gridbox_id: number | null;
  image_key?: string | null;
  image_thumb?: string | null;
}

export function insertResponse(trx: Transaction<DB>, row: NewResponse) {
  return trx.insertInto('form_responses').values(row).returning(['response_id']).executeTakeFirstOrThrow();
}

export async function insertFieldResponses(
  trx: Transaction<DB>,
  companyId: number,
  responseId: number,
  answers: Array<{ field_id: number; input_data: string }>,
) {
  if (!answers.length) return [];
  return trx
    .insertInto('field_responses')
    .values(answers.map((a) => ({ company_id: companyId, response_id: responseId, field_id: a.field_id, input_data: a.input_data })))
    .returning(['field_response_id', 'field_id'])
    .execute();
}

/** Locks the response (an image attached twice at once cannot make two answers for one field). */
export function lockResponse(trx: Transaction<DB>, companyId: number, responseId: number) {
  return trx
    .selectFrom('form_responses')
    .select(['response_id', 'template_id', 'image_key'])
    .where('company_id', '=', companyId)
    .where('response_id', '=', responseId)
    .forUpdate()
    .executeTakeFirst();
}

export function findFieldAnswer(trx: Transaction<DB>, responseId: number, fieldId: number) {
  return trx
    .selectFrom('field_responses')
    .select(['field_response_id', 'input_data'])
    .where('response_id', '=', responseId)
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
}

export function setFieldAnswer(trx: Transaction<DB>, fieldResponseId: number, input: string) {
  return trx.updateTable('field_responses').set({ input_data: input }).where('field_response_id', '=', fieldResponseId).execute();
}

export function setResponseImage(trx: Transaction<DB>, responseId: number, imageKey: string, thumbKey: string) {
  return trx.updateTable('form_responses').set({ image_key: imageKey, image_thumb: thumbKey }).where('response_id', '=', responseId).execute();
}
