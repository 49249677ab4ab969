import type { Kysely, Selectable } from 'kysely';
import type { DB, FormHideUntilTable } from '../../db/schema.js';

export type LinkRow = Selectable<FormHideUntilTable>;

export async function findLinkByUid(db: Kysely<DB>, companyId: number, uid: string): Promise<LinkRow | undefined> {
  return db.selectFrom('form_hide_until').selectAll().where('company_id', '=', companyId).where('form_field_hidden_uid', '=', uid).executeTakeFirst();
}

export async function findLinkByHiddenField(db: Kysely<DB>, companyId: number, fieldId: number, lock = false): Promise<LinkRow | undefined> {
  let q = db.selectFrom('form_hide_until').selectAll().where('company_id', '=', companyId).where('hidden_field_id', '=', fieldId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Every link whose hidden field belongs to the template. */
export async function linksOfTemplate(db: Kysely<DB>, templateId: number): Promise<LinkRow[]> {
  return db
    .selectFrom('form_hide_until as h')
    .innerJoin('form_fields as f', 'f.field_id', 'h.hidden_field_id')
    .selectAll('h')
    .where('f.template_id', '=', templateId)
    .execute();
}
