import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, GridTemplateTable } from '../../db/schema.js';

export type GridTemplateRow = Selectable<GridTemplateTable>;

export interface NewGridTemplate {
  company_id: number;
  template_name: string;
  template_type: 'Grid' | 'SubGrid';
  rows: number;
  columns: number;
  description: string | null;
  created_by: number;
}

export async function insertTemplate(db: Kysely<DB>, row: NewGridTemplate): Promise<GridTemplateRow> {
  return db.insertInto('grid_templates').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findTemplateByName(db: Kysely<DB>, companyId: number, type: string, name: string) {
  return db
    .selectFrom('grid_templates')
    .select('template_id')
    .where('company_id', '=', companyId)
    .where('template_type', '=', type as 'Grid' | 'SubGrid')
    .where(sql<boolean>`lower(template_name) = lower(${name})`)
    .executeTakeFirst();
}

export async function listTemplates(db: Kysely<DB>, companyId: number, type: 'Grid' | 'SubGrid'): Promise<GridTemplateRow[]> {
  return db
    .selectFrom('grid_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('template_type', '=', type)
    .orderBy(sql`lower(template_name)`)
    .orderBy('template_id')
    .execute();
}

export async function findTemplate(db: Kysely<DB>, companyId: number, id: number): Promise<GridTemplateRow | undefined> {
  return db
    .selectFrom('grid_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('template_id', '=', id)
    .executeTakeFirst();
}

export async function deleteTemplate(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('grid_templates').where('template_id', '=', id).execute();
}


export interface NewGrid {
  companyId: number;
  roomId: number;
  name: string;
  description: string;
  nx: number;
  ny: number;
}

