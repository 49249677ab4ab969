import { formHideUntilEndpoints, hideUntilMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { addLink, deleteLink, getLink, updateLink } from './form-hide-until.service.js';

const ok = 'success' as const;

export const formHideUntilHandlers: Handlers<typeof formHideUntilEndpoints> = {
  addHideFieldUntilLink: async ({ app, user, input }) => ({ status: ok, message: msg.added, link: await addLink(app, user, input) }),
  getFieldHideUntilLink: async ({ app, user, input }) => ({ status: ok, link: await getLink(app, user, input.form_field_hidden_UID) }),
  updateFieldHideUntilLink: async ({ app, user, input }) => ({ status: ok, message: msg.updated, link: await updateLink(app, user, input) }),
  deleteFieldHideUntilLink: async ({ app, user, input }) => {
    await deleteLink(app, user, input.form_field_hidden_FieldID);
    return { status: ok, message: msg.deleted, form_field_hidden_FieldID: input.form_field_hidden_FieldID };
  },
};
