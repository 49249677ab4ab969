import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const COMMENT_MAX_LENGTH = 2000;
const CommentText = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(COMMENT_MAX_LENGTH, { error: `must be at most ${COMMENT_MAX_LENGTH} characters` });

export const Comment = z.object({
  CommentID: z.number(),
  ResponseID: z.number(),
  UserID: z.number(),
  UserName: z.string().nullable(),
  CommentText: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  edited: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;

export const commentsMessages = {
  fetchFailed: 'Failed to fetch comments',
  addFailed: 'Failed to add comment',
  deleteFailed: 'Failed to delete comment',
  editFailed: 'Failed to edit comment',
  added: 'Comment added.',
  edited: 'Comment updated.',
  deleted: 'Comment deleted.',
  asYourself: 'You can only comment as yourself.',
  onlyOwnEdit: 'You can only edit your own comments.',
  onlyOwnDelete: 'You can only delete your own comments.',
} as const;

/** The commenter must be a user of the caller's company (404) and the caller (403); ids are checked by the service. */
const tenancy = { user: ['UserID'], resource: true } as const;

export const commentsEndpoints = {
  getComments: defineEndpoint({
    id: 'getComments', domain: 'comments', method: 'GET', path: '/get_comments',
    summary: 'Comments on a response, oldest first',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ ResponseID: Id }),
    response: success({ ResponseID: z.number(), comments: z.array(Comment) }),
    clientMessages: { failure: commentsMessages.fetchFailed },
  }),
  addComment: defineEndpoint({
    id: 'addComment', domain: 'comments', method: 'POST', path: '/add_comment',
    summary: 'Comment on a response as yourself',
    auth: anyone, tenancy,
    either: z.object({ ResponseID: Id, UserID: Id, CommentText }),
    response: success({ message: z.string(), comment: Comment }),
    clientMessages: { failure: commentsMessages.addFailed },
  }),
  editComment: defineEndpoint({
    id: 'editComment', domain: 'comments', method: 'PUT', path: '/edit_comment',
    summary: 'Replace the text of your own comment',
    auth: anyone, tenancy,
    either: z.object({ CommentID: Id, UserID: Id, CommentText }),
    response: success({ message: z.string(), comment: Comment }),
    clientMessages: { failure: commentsMessages.editFailed },
  }),
  deleteComment: defineEndpoint({
    id: 'deleteComment', domain: 'comments', method: 'DELETE', path: '/delete_comment',
    summary: 'Delete your own comment (Admins and SuperAdmins may delete any of their company)',
    auth: anyone, tenancy,
    body: { kind: 'any', schema: z.object({ CommentID: Id, UserID: Id }) },
    response: success({ message: z.string(), CommentID: z.number() }),
    clientMessages: { failure: commentsMessages.deleteFailed },
  }),
};
