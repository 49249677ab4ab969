import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addComment } from '../../../api/comments';
import { commentKeys, commentsQuery } from '../../../api/queries/comments';
import { Alert, Button, ErrorState, LoadingState, Textarea } from '../../../components/ui';

/** The comments on one observation's response, and a box to add one: a consultant's only write. */
export function CommentThread({ companyId, userId, responseId }: { companyId: number; userId: number; responseId: number }) {
  const { t, i18n } = useTranslation('consultants');
  const queryClient = useQueryClient();
  const comments = useQuery(commentsQuery(companyId, responseId));
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: (body: string) => addComment(responseId, userId, body),
    onSuccess: () => {
      setText('');
      return queryClient.invalidateQueries({ queryKey: commentKeys.list(companyId, responseId) });
    },
  });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) add.mutate(text.trim());
  };

  return (
    <div className="space-y-3">
      {comments.isPending ? (
        <LoadingState />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('room.noComments')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('room.comments')}>
          {comments.data.map((c) => (
            <li key={c.CommentID} className="rounded-lg bg-stone-50 px-3 py-2">
              <p className="text-xs text-stone-600">
                {c.UserName ?? t('room.someone')} · {when(c.CreatedAt)}
              </p>
              <p className="whitespace-pre-wrap text-sm text-stone-900">{c.CommentText}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="space-y-2">
        {add.isError && <Alert tone="danger">{add.error.message}</Alert>}
        <Textarea label={t('room.addComment')} name="comment" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" loading={add.isPending} disabled={!text.trim()}>
          {t('room.send')}
        </Button>
      </form>
    </div>
  );
}
