import { ADMIN_ROLES, commentsMessages as msg, type EndpointInput, type commentsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import * as repo from './comments.repository.js';
import { toComment } from './comments.mapper.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof commentsEndpoints> = EndpointInput<(typeof commentsEndpoints)[K]>;

// The spec sends the commenter's UserID; the author is always the signed-in caller, whatever it names.

async function answer(deps: Deps, caller: Caller, commentId: number) {
  const row = await repo.findComment(deps.db, caller.company_id, commentId);
  if (!row) throw notFound('Comment');
  return toComment(row);
}

export async function listComments(deps: Deps, caller: Caller, responseId: number) {
  if (!(await repo.findResponse(deps.db, caller.company_id, responseId))) throw notFound('Form response');
  const rows = await repo.listComments(deps.db, caller.company_id, responseId);
  return { status: 'success' as const, ResponseID: responseId, comments: rows.map(toComment) };
}

export async function addComment(deps: Deps, caller: Caller, input: Input<'addComment'>) {
  const id = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.findResponse(trx, caller.company_id, input.ResponseID))) throw notFound('Form response');
    const { comment_id } = await repo.insertComment(trx, {
      company_id: caller.company_id,
      response_id: input.ResponseID,
      user_id: caller.user_id,
      comment_text: input.CommentText,
    });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'comment.added', entityType: 'comment', entityId: comment_id,
      after: { ResponseID: input.ResponseID, CommentText: input.CommentText },
    });
    return comment_id;
  });
  return { status: 'success' as const, message: msg.added, comment: await answer(deps, caller, id) };
}

export async function editComment(deps: Deps, caller: Caller, input: Input<'editComment'>) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockComment(trx, caller.company_id, input.CommentID);
    if (!before) throw notFound('Comment');
    if (before.user_id !== caller.user_id) throw forbidden(msg.onlyOwnEdit);
    await repo.updateComment(trx, input.CommentID, input.CommentText, new Date());
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'comment.edited', entityType: 'comment', entityId: input.CommentID,
      before: { CommentText: before.comment_text }, after: { CommentText: input.CommentText },
    });
  });
  return { status: 'success' as const, message: msg.edited, comment: await answer(deps, caller, input.CommentID) };
}

/** Your own comment; Admins and SuperAdmins moderate, so they may delete anyone's of their company. */
export async function deleteComment(deps: Deps, caller: Caller, input: Input<'deleteComment'>) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockComment(trx, caller.company_id, input.CommentID);
    if (!before) throw notFound('Comment');
    if (before.user_id !== caller.user_id && !ADMIN_ROLES.includes(caller.user_role)) throw forbidden(msg.onlyOwnDelete);
    await repo.deleteComment(trx, input.CommentID);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'comment.deleted', entityType: 'comment', entityId: input.CommentID,
      before: { ResponseID: before.response_id, UserID: before.user_id, CommentText: before.comment_text },
    });
  });
  return { status: 'success' as const, message: msg.deleted, CommentID: input.CommentID };
}
