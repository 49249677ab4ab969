import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, COMMENT_MAX_LENGTH, type Comment } from '@verdant/contract';
import { Button, ConfirmDialog, ErrorState, LoadingState, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { commentsQuery } from '../../../api/queries/comments';
import { useAuth } from '../../../state/hooks';
import { useTaskComments } from '../api/use-task-comments';

/** The comments on a task, oldest first; anyone adds, the author (or an Admin) deletes. */
export function TaskComments({ companyId, responseId }: { companyId: number; responseId: number }) {
  const { t, i18n } = useTranslation('tasks');
  const toast = useToast();
  const { userId, userRole } = useAuth();
  const me = userId ?? 0;
  const isAdmin = userRole !== null && ADMIN_ROLES.includes(userRole);
  const comments = useQuery(commentsQuery(companyId, responseId));
  const { add, remove } = useTaskComments(companyId, responseId, me);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const blank = !text.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (blank) return;
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setTried(false);
      },
    });
  };

  return (
    <section aria-label={t('comments.title')} className="flex flex-col gap-3 border-t border-stone-200 pt-4">
      <h3 className="text-sm font-semibold text-stone-900">{t('comments.title')}</h3>
      {comments.isPending && comments.fetchStatus === 'paused' ? (
        <p className="text-sm text-stone-600">{t('waitingForConnection')}</p>
      ) : comments.isPending ? (
        <LoadingState className="flex items-center gap-3 py-3 text-sm text-stone-700" />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('comments.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {comments.data.map((c) => (
            <li key={c.CommentID} className="rounded-lg bg-stone-50 p-3 text-sm">
              <p className="break-words whitespace-pre-wrap text-stone-900">{c.CommentText}</p>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-stone-700">
                <span>
                  {c.CommentID < 0
                    ? t('comments.waiting')
                    : t('comments.by', { name: c.UserName ?? t('comments.someone'), date: new Date(c.CreatedAt).toLocaleString(i18n.language) })}
                </span>
                {c.CommentID > 0 && (c.UserID === me || isAdmin) && (
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(c)}>
                    {t('comments.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Textarea
          label={t('comments.add')}
          value={text}
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          error={tried && blank ? t('comments.required') : add.isError ? errorMessage(add.error) : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            {t('comments.post')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        destructive
        loading={remove.isPending}
        title={t('comments.deleteTitle')}
        description={t('comments.deleteBody', { text: deleting ? deleting.CommentText.slice(0, 80) : '' })}
        confirmLabel={t('comments.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.CommentID, {
            onSuccess: () => toast.success(t('comments.deleted')),
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </section>
  );
}
