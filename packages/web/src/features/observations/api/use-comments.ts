import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@verdant/contract';
import { addComment, deleteComment, editComment } from '../../../api/comments';
import { commentKeys } from '../../../api/queries/comments';
import { roomKeys } from '../../../api/queries/rooms';
import { applyCommentChange, type CommentChange } from '../lib/comment-list';

/**
 * Add, edit and delete, each applied to the cached list by the spec's list rules; the box panels'
 * responses refetch for their comment counts.
 */
export function useCommentActions(companyId: number, responseId: number, userId: number) {
  const qc = useQueryClient();
  const apply = (change: CommentChange) => {
    qc.setQueryData<Comment[]>(commentKeys.list(companyId, responseId), (list) => applyCommentChange(list ?? [], change));
    void qc.invalidateQueries({ queryKey: roomKeys.boxResponsesAll(companyId) });
  };
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
