import { commentsEndpoints as ep, commentsMessages as msg } from '@verdant/contract';
import { ApiError, toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

/** The server's own message when it gave one, else the spec's fallback text (spec-2 §8). */
async function withFallback<T>(fallback: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = toApiError(err);
    throw e.fromServer ? e : new ApiError(fallback, { status: e.status, cause: err });
  }
}

/** GET /get_comments?ResponseID: comments on a response, oldest first. */
export function getComments(responseId: number) {
  return withFallback(msg.fetchFailed, async () => (await callEndpoint(ep.getComments, { ResponseID: responseId })).comments);
}

/** POST /add_comment: ResponseID, UserID (the caller), CommentText. */
export function addComment(responseId: number, userId: number, text: string) {
  return withFallback(msg.addFailed, async () =>
    (await callEndpoint(ep.addComment, { ResponseID: responseId, UserID: userId, CommentText: text })).comment,
  );
}

/** PUT /edit_comment: CommentID, UserID, CommentText; only your own. */
export function editComment(commentId: number, userId: number, text: string) {
  return withFallback(msg.editFailed, async () =>
    (await callEndpoint(ep.editComment, { CommentID: commentId, UserID: userId, CommentText: text })).comment,
  );
}

/** DELETE /delete_comment with CommentID and UserID in the body; your own, or any as an Admin. */
export function deleteComment(commentId: number, userId: number) {
  return withFallback(msg.deleteFailed, async () => (await callEndpoint(ep.deleteComment, { CommentID: commentId, UserID: userId })).CommentID);
}
