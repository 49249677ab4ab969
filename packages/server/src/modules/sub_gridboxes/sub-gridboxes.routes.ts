import { SUB_GRIDBOX_MAX_ALLOWED, subGridboxesEndpoints, subGridboxesMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { createSubGridboxes, deleteSubGridbox, listSubGridboxes, updateSubGridbox } from './sub-gridboxes.service.js';

const ok = 'success' as const;

export const subGridboxesHandlers: Handlers<typeof subGridboxesEndpoints> = {
  createSubGridboxes: async ({ app, user, input }) => {
    const made = await createSubGridboxes(app, user, input);
    return {
      status: ok,
      message: msg.created,
      parent_gridbox_id: made.parentId,
      created_count: made.subGridboxes.length,
      total_count: made.totalCount,
      max_allowed: SUB_GRIDBOX_MAX_ALLOWED,
      sub_gridboxes: made.subGridboxes,
    };
  },
  getSubGridboxes: async ({ app, user, input }) => {
    const list = await listSubGridboxes(app, user, input.parent_gridbox_id, input.include_deleted);
    return {
      status: ok,
      parent_gridbox: list.parent,
      total_count: list.totalCount,
      max_allowed: SUB_GRIDBOX_MAX_ALLOWED,
      sub_gridboxes: list.subGridboxes,
    };
  },
  deleteSubGridbox: async ({ app, user, input }) => ({
    status: ok,
    message: msg.deleted,
    sub_gridbox_id: input.sub_gridbox_id,
    total_count: (await deleteSubGridbox(app, user, input.sub_gridbox_id)).totalCount,
  }),
  updateSubGridbox: async ({ app, user, input }) => {
    const { sub_gridbox_id, ...changes } = input;
    return { status: ok, message: msg.updated, sub_gridbox: await updateSubGridbox(app, user, sub_gridbox_id, changes) };
  },
};
