import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@verdant/contract';
import { addComment, deleteComment, editComment, getComments } from '../../../api/comments';
import { applyCommentChange, type CommentChange } from '../lib/comment-list';
import { observationKeys } from './observation-keys';

export const commentsQuery = (companyId: number, responseId: number) =>
  queryOptions({
    queryKey: observationKeys.comments(companyId, responseId),
    queryFn: () => getComments(responseId),
    staleTime: 30_000,
  });

/** Add, edit and delete, each applied to the cached list by the spec's list rules. */
export function useCommentActions(companyId: number, responseId: number, userId: number) {
  const qc = useQueryClient();
  const apply = (change: CommentChange) =>
    qc.setQueryData<Comment[]>(observationKeys.comments(companyId, responseId), (list) => applyCommentChange(list ?? [], change));
  const add = useMutation({
    mutationFn: (text: string) => addComment(responseId, userId, text),
    onSuccess: (comment) => apply({ kind: 'added', comment }),
  });
  const edit = useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) => editComment(commentId, userId, text),
    onSuccess: (comment) => apply({ kind: 'edited', comment }),
  });
  const remove = useMutation({
    mutationFn: (commentId: number) => deleteComment(commentId, userId),
    onSuccess: (commentId) => apply({ kind: 'deleted', commentId }),
  });
  return { add, edit, remove };
}
