import type { commentsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as comments from './comments.service.js';

export const commentsHandlers: Handlers<typeof commentsEndpoints> = {
  getComments: ({ app, user, input }) => comments.listComments(app, user, input.ResponseID),
  addComment: ({ app, user, input }) => comments.addComment(app, user, input),
  editComment: ({ app, user, input }) => comments.editComment(app, user, input),
  deleteComment: ({ app, user, input }) => comments.deleteComment(app, user, input),
};
