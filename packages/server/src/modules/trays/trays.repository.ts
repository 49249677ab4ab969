import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB, TrayTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

function templates(db: Db, companyId: number) {
  return db
    .selectFrom('tray_templates as t')
    .leftJoin('batches as b', 'b.batch_id', 't.default_batch_id')
    .select([
      't.template_id', 't.template_name', 't.number_of_plants', 't.description', 't.default_batch_id',
      'b.batch_number as default_batch_number', 'b.harvested_at as default_batch_harvested_at', 't.created_by', 't.created_at',
    ])
    .where('t.company_id', '=', companyId);
}

export const listTemplates = (db: Db, companyId: number) =>
  templates(db, companyId).orderBy('t.template_name').orderBy('t.template_id').execute();
export type TemplateRow = Awaited<ReturnType<typeof listTemplates>>[number];

export const findTemplate = (db: Db, companyId: number, id: number) => templates(db, companyId).where('t.template_id', '=', id).executeTakeFirst();

export interface NewTemplate {
  company_id: number;
  template_name: string;
  number_of_plants: number;
  description: string | null;
  default_batch_id: number | null;
  created_by: number;
}

export async function insertTemplate(trx: Transaction<DB>, row: NewTemplate): Promise<number> {
  const made = await trx.insertInto('tray_templates').values(row).returning('template_id').executeTakeFirstOrThrow();
  return made.template_id;
}

export async function deleteTemplate(trx: Transaction<DB>, companyId: number, id: number): Promise<boolean> {
  const gone = await trx.deleteFrom('tray_templates').where('company_id', '=', companyId).where('template_id', '=', id).returning('template_id').executeTakeFirst();
  return gone !== undefined;
}

function trays(db: Db, companyId: number) {
  return db
    .selectFrom('trays as t')
    .leftJoin('batches as b', 'b.batch_id', 't.batch_id')
    .leftJoin('tray_templates as tt', 'tt.template_id', 't.template_id')
    .select([
      't.tray_id', 't.tray_name', 't.number_of_plants', 't.batch_id', 'b.batch_number', 't.template_id', 'tt.template_name',
      't.created_by', 't.created_at', 't.updated_at',
    ])
    .where('t.company_id', '=', companyId);
}

export const listTrays = (db: Db, companyId: number) => trays(db, companyId).orderBy('t.tray_name').orderBy('t.tray_id').execute();
export type TrayRow = Awaited<ReturnType<typeof listTrays>>[number];

export const findTray = (db: Db, companyId: number, id: number) => trays(db, companyId).where('t.tray_id', '=', id).executeTakeFirst();

export function lockTray(trx: Transaction<DB>, companyId: number, id: number) {
  return trx
    .selectFrom('trays')
    .select(['tray_id', 'tray_name', 'number_of_plants', 'batch_id', 'template_id'])
    .where('company_id', '=', companyId)
    .where('tray_id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface NewTray {
  company_id: number;
  tray_name: string;
  number_of_plants: number;
  batch_id: number | null;
  template_id: number | null;
  created_by: number;
}

export async function insertTray(trx: Transaction<DB>, row: NewTray): Promise<number> {
  const made = await trx.insertInto('trays').values(row).returning('tray_id').executeTakeFirstOrThrow();
  return made.tray_id;
}

export type TrayChanges = Pick<Updateable<TrayTable>, 'tray_name' | 'number_of_plants' | 'batch_id'>;

export async function updateTray(trx: Transaction<DB>, id: number, changes: TrayChanges): Promise<void> {
  await trx.updateTable('trays').set({ ...changes, updated_at: new Date() }).where('tray_id', '=', id).execute();
}

export async function deleteTray(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('trays').where('tray_id', '=', id).execute();
}
