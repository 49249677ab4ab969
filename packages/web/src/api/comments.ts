import { commentsEndpoints as ep, commentsMessages as msg } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

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
