import type { Comment } from '@verdant/contract';

export type CommentChange =
  | { kind: 'added'; comment: Comment }
  | { kind: 'edited'; comment: Comment }
  | { kind: 'deleted'; commentId: number };

/**
 * The comment list rules of spec-2 §4: a deleted comment is removed, an edited comment has its text
 * replaced, a new comment is appended.
 */
export function applyCommentChange(list: readonly Comment[], change: CommentChange): Comment[] {
  switch (change.kind) {
    case 'added':
      return [...list, change.comment];
    case 'edited':
      return list.map((c) => (c.CommentID === change.comment.CommentID ? { ...c, CommentText: change.comment.CommentText, UpdatedAt: change.comment.UpdatedAt, edited: change.comment.edited } : c));
    case 'deleted':
      return list.filter((c) => c.CommentID !== change.commentId);
  }
}
