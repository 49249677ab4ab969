import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';
import { HideUntilLink, LINKED_INPUT_MAX } from '../forms/form-templates.schemas.js';

const LinkedInput = z
  .string({ error: 'must be a text' })
  .trim()
  .min(1, { error: 'is required' })
  .max(LINKED_INPUT_MAX, { error: `must be at most ${LINKED_INPUT_MAX} characters` });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The link's UID, or — because a field has at most one link and the form builder knows its fields —
 * the hidden field's FieldID.
 */
export const HiddenUid = z
  .union([z.string().trim().regex(UUID), Id], { error: "must be a link's UID or the hidden field's FieldID" })
  .transform((v) => (typeof v === 'number' ? { fieldId: v } : { uid: v.toLowerCase() }));

const LinkBody = z.object({
  form_field_hidden_FieldID: Id,
  form_field_linked_FieldID: Id,
  form_field_linked_input: LinkedInput,
});

// Links are part of building a template (Admin); reading one is for every role, as templates are.
export const formHideUntilEndpoints = {
  addHideFieldUntilLink: defineEndpoint({
    id: 'addHideFieldUntilLink', domain: 'form_hide_until', method: 'POST', path: '/add_hide_field_until_link',
    summary: 'Hide a field until another field of the same template has a given answer (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    body: { kind: 'json', schema: LinkBody },
    response: success({ message: z.string(), link: HideUntilLink }),
  }),
  getFieldHideUntilLink: defineEndpoint({
    id: 'getFieldHideUntilLink', domain: 'form_hide_until', method: 'GET', path: '/get_field_hide_until_link',
    summary: 'One hide-until link, by its UID or by the hidden field',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { resource: true },
    query: z.object({ form_field_hidden_UID: HiddenUid }),
    response: success({ link: HideUntilLink }),
  }),
  updateFieldHideUntilLink: defineEndpoint({
    id: 'updateFieldHideUntilLink', domain: 'form_hide_until', method: 'PUT', path: '/update_field_hide_until_link',
    summary: "Change the hidden field's link: the field it waits for and the answer (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    either: LinkBody,
    response: success({ message: z.string(), link: HideUntilLink }),
  }),
  deleteFieldHideUntilLink: defineEndpoint({
    id: 'deleteFieldHideUntilLink', domain: 'form_hide_until', method: 'DELETE', path: '/delete_field_hide_until_link',
    summary: 'Remove the link of a hidden field; the field then always shows (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    either: z.object({ form_field_hidden_FieldID: Id }),
    response: success({ message: z.string(), form_field_hidden_FieldID: z.number() }),
  }),
};
