import { formHideUntilEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

export interface HideUntilInput {
  /** The field that stays hidden. */
  hiddenFieldId: number;
  /** The field whose answer shows it. */
  linkedFieldId: number;
  /** The answer that shows it (case-insensitive; any choice of a multi-select). */
  linkedInput: string;
}

const body = (i: HideUntilInput) => ({
  form_field_hidden_FieldID: i.hiddenFieldId,
  form_field_linked_FieldID: i.linkedFieldId,
  form_field_linked_input: i.linkedInput,
});

/** POST /add_hide_field_until_link (JSON). */
export async function addHideFieldUntilLink(input: HideUntilInput) {
  return (await callEndpoint(ep.addHideFieldUntilLink, body(input))).link;
}

/** GET /get_field_hide_until_link?form_field_hidden_UID — the link's UID, or the hidden field's FieldID. */
export async function getFieldHideUntilLink(uidOrFieldId: string | number) {
  return (await callEndpoint(ep.getFieldHideUntilLink, { form_field_hidden_UID: uidOrFieldId })).link;
}

/** PUT /update_field_hide_until_link: changes the hidden field's linked field and input. */
export async function updateFieldHideUntilLink(input: HideUntilInput) {
  return (await callEndpoint(ep.updateFieldHideUntilLink, body(input))).link;
}

/** DELETE /delete_field_hide_until_link: the field then always shows. */
export function deleteFieldHideUntilLink(hiddenFieldId: number) {
  return callEndpoint(ep.deleteFieldHideUntilLink, { form_field_hidden_FieldID: hiddenFieldId });
}
