import type { HideUntilLink } from '@verdant/contract';
import type { HideUntilRule } from '../form_templates/index.js';
import type { LinkRow } from './form-hide-until.repository.js';

export function toHideUntilLink(row: LinkRow): HideUntilLink {
  return {
    form_field_hidden_UID: row.form_field_hidden_uid,
    form_field_hidden_FieldID: row.hidden_field_id,
    form_field_linked_FieldID: row.linked_field_id,
    form_field_linked_input: row.linked_input,
  };
}

export const toRule = (row: LinkRow): HideUntilRule => ({ hiddenFieldId: row.hidden_field_id, linkedFieldId: row.linked_field_id, linkedInput: row.linked_input });
