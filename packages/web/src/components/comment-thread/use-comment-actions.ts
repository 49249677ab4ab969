import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@verdant/contract';
import { deleteComment, editComment } from '../../api/comments';
import { queueAction } from '../../api/action-queue';
import { commentKeys } from '../../api/queries/comments';
import { roomKeys } from '../../api/queries/rooms';
import { applyCommentChange, type CommentChange } from './comment-list';

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
  // Through the outbox: offline the comment shows at once (a temporary negative id) and waits; once
  // sent, the list refetches and the server's comment replaces it.
  const add = useMutation({
    networkMode: 'always',
    mutationFn: async (text: string): Promise<Comment & { queued: boolean }> => {
      const out = await queueAction(
        'addComment',
        { ResponseID: responseId, UserID: userId, CommentText: text },
        { companyId, userId, label: text.length > 60 ? `${text.slice(0, 59)}…` : text, target: { type: 'comment', id: responseId } },
      );
      if (!out.queued && out.result) return { ...out.result.comment, queued: false };
      const at = new Date().toISOString();
      return { CommentID: -out.seq, ResponseID: responseId, UserID: userId, UserName: null, CommentText: text, CreatedAt: at, UpdatedAt: at, edited: false, queued: true };
    },
    onSuccess: ({ queued: _queued, ...comment }) => apply({ kind: 'added', comment }),
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
