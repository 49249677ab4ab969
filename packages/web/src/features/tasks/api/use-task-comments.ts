import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@verdant/contract';
import { deleteComment } from '../../../api/comments';
import { queueAction } from '../../../api/action-queue';
import { commentKeys } from '../../../api/queries/comments';
import { shortTitle } from '../lib/task-text';

/**
 * Comments on a task (a task is a form response, so the comments domain serves it). Adding goes through
 * the outbox: offline the comment shows at once (a temporary negative id) and waits; once sent, the
 * server's comment replaces it. Deleting needs the connection.
 */
export function useTaskComments(companyId: number, responseId: number, userId: number) {
  const qc = useQueryClient();
  const key = commentKeys.list(companyId, responseId);
  const add = useMutation({
    networkMode: 'always',
    mutationFn: async (text: string): Promise<Comment> => {
      const out = await queueAction(
        'addComment',
        { ResponseID: responseId, UserID: userId, CommentText: text },
        { companyId, userId, label: shortTitle(text), target: { type: 'comment', id: responseId } },
      );
      if (!out.queued && out.result) return out.result.comment;
      const at = new Date().toISOString();
      return { CommentID: -out.seq, ResponseID: responseId, UserID: userId, UserName: null, CommentText: text, CreatedAt: at, UpdatedAt: at, edited: false };
    },
    onSuccess: (comment) => qc.setQueryData<Comment[]>(key, (list) => [...(list ?? []), comment]),
  });
  const remove = useMutation({
    mutationFn: (commentId: number) => deleteComment(commentId, userId),
    onSuccess: (commentId) => qc.setQueryData<Comment[]>(key, (list) => (list ?? []).filter((c) => c.CommentID !== commentId)),
  });
  return { add, remove };
}
