import { hideUntilMessages as msg, type HideUntilLink, type EndpointInput, type formHideUntilEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { addHideUntilRule, changeHideUntilRule, findLiveFields, removeHideUntilRule, wouldCycle } from '../form_templates/index.js';
import { toHideUntilLink, toRule } from './form-hide-until.mapper.js';
import * as repo from './form-hide-until.repository.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof formHideUntilEndpoints> = EndpointInput<(typeof formHideUntilEndpoints)[K]>;

type LinkInput = Pick<Input<'addHideFieldUntilLink'>, 'form_field_hidden_FieldID' | 'form_field_linked_FieldID' | 'form_field_linked_input'>;

const linkNotFound = () => new AppError('not_found', msg.notFound);

/**
 * Both fields must be fields of one live template of the caller's company (another company's → 404),
 * the linked one active, and the link must not close a loop. Answers the template's id.
 */
async function checkLink({ db: trx }: Deps, companyId: number, input: LinkInput): Promise<number> {
  const hiddenId = input.form_field_hidden_FieldID;
  const linkedId = input.form_field_linked_FieldID;
  if (hiddenId === linkedId) throw badRequest(msg.sameField, 'form_field_linked_FieldID');
  const fields = await findLiveFields({ db: trx }, companyId, [hiddenId, linkedId]);
  const hidden = fields.find((f) => f.fieldId === hiddenId);
  const linked = fields.find((f) => f.fieldId === linkedId);
  if (!hidden || !linked) throw new AppError('not_found', 'Form field not found.');
  if (hidden.templateId !== linked.templateId) throw badRequest(msg.otherTemplate, 'form_field_linked_FieldID');
  if (!linked.active) throw badRequest(msg.inactiveField, 'form_field_linked_FieldID');
  const rules = (await repo.linksOfTemplate(trx, hidden.templateId)).map(toRule);
  if (wouldCycle(rules, hiddenId, linkedId)) throw badRequest(msg.cycle, 'form_field_linked_FieldID');
  return hidden.templateId;
}

export async function addLink({ db }: Deps, caller: Caller, input: Input<'addHideFieldUntilLink'>): Promise<HideUntilLink> {
  const companyId = caller.company_id;
  return db.transaction().execute(async (trx) => {
    const templateId = await checkLink({ db: trx }, companyId, input);
    if (await repo.findLinkByHiddenField(trx, companyId, input.form_field_hidden_FieldID, true)) throw conflict(msg.exists);
    const link = toHideUntilLink(
      await addHideUntilRule({ db: trx }, {
        company_id: companyId,
        hidden_field_id: input.form_field_hidden_FieldID,
        linked_field_id: input.form_field_linked_FieldID,
        linked_input: input.form_field_linked_input,
      }),
    );
    await writeAudit(trx, { companyId, userId: caller.user_id, action: 'form_hide_until.create', entityType: 'form_template', entityId: templateId, after: link });
    return link;
  });
}

export async function getLink({ db }: Deps, caller: Caller, key: { uid?: string; fieldId?: number }): Promise<HideUntilLink> {
  const row =
    key.uid !== undefined
      ? await repo.findLinkByUid(db, caller.company_id, key.uid)
      : await repo.findLinkByHiddenField(db, caller.company_id, key.fieldId!);
  if (!row) throw linkNotFound();
  return toHideUntilLink(row);
}

export async function updateLink({ db }: Deps, caller: Caller, input: Input<'updateFieldHideUntilLink'>): Promise<HideUntilLink> {
  const companyId = caller.company_id;
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findLinkByHiddenField(trx, companyId, input.form_field_hidden_FieldID, true);
    if (!existing) throw linkNotFound();
    const templateId = await checkLink({ db: trx }, companyId, input);
    const link = toHideUntilLink(await changeHideUntilRule({ db: trx }, existing.form_field_hidden_uid, input.form_field_linked_FieldID, input.form_field_linked_input));
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'form_hide_until.update',
      entityType: 'form_template',
      entityId: templateId,
      before: toHideUntilLink(existing),
      after: link,
    });
    return link;
  });
}

export async function deleteLink({ db }: Deps, caller: Caller, hiddenFieldId: number): Promise<void> {
  const companyId = caller.company_id;
  await db.transaction().execute(async (trx) => {
    const existing = await repo.findLinkByHiddenField(trx, companyId, hiddenFieldId, true);
    if (!existing) throw linkNotFound();
    const [field] = await findLiveFields({ db: trx }, companyId, [hiddenFieldId]);
    await removeHideUntilRule({ db: trx }, existing.form_field_hidden_uid);
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'form_hide_until.delete',
      entityType: 'form_template',
      entityId: field?.templateId ?? null,
      before: toHideUntilLink(existing),
    });
  });
}
