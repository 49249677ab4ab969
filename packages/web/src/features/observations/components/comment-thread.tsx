import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, COMMENT_MAX_LENGTH, type Comment } from '@verdant/contract';
import { Button, ConfirmDialog, ErrorState, LoadingState, Textarea, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { useAuth } from '../../../state/hooks';
import { commentsQuery } from '../../../api/queries/comments';
import { useCommentActions } from '../api/use-comments';
import { useFormatDate } from '../../../lib/format-date';
import { useTextDraft } from '../../../lib/use-text-draft';

function CommentItem({
  comment,
  mine,
  canDelete,
  saving,
  onSave,
  onDelete,
}: {
  comment: Comment;
  mine: boolean;
  canDelete: boolean;
  saving: boolean;
  onSave: (text: string, done: () => void) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('observations');
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.CommentText);
  const blank = text.trim() === '';
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (blank) return;
    onSave(text.trim(), () => setEditing(false));
  };
  return (
    <li className="rounded-lg border border-stone-200 bg-stone-50 p-3">
      <p className="text-xs text-stone-600">
        <span className="font-semibold text-stone-800">{comment.UserName ?? t('comments.someone')}</span> · {formatDate(comment.CreatedAt)}
        {comment.edited && ` · ${t('comments.edited')}`}
      </p>
      {editing ? (
        <form onSubmit={save} noValidate className="mt-2 flex flex-col gap-2">
          <Textarea
            label={t('comments.editLabel')}
            value={text}
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            error={blank ? t('comments.required') : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="md" loading={saving} disabled={blank}>
              {t('comments.save')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setText(comment.CommentText);
                setEditing(false);
              }}
            >
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-900">{comment.CommentText}</p>
      )}
      {!editing && (mine || canDelete) && (
        <div className="mt-2 flex gap-2">
          {mine && (
            <Button variant="ghost" onClick={() => setEditing(true)} aria-label={t('comments.editOne')}>
              {t('actions.edit')}
            </Button>
          )}
          {canDelete && (
            <Button variant="ghost" onClick={onDelete} aria-label={t('comments.deleteOne')}>
              {t('actions.delete')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** Comments on a form response: everyone adds and edits their own; Admins may delete any. */
export function CommentThread({ companyId, responseId }: { companyId: number; responseId: number }) {
  const { t } = useTranslation('observations');
  const toast = useToast();
  const { userId, userRole } = useAuth();
  const me = userId ?? 0;
  const isAdmin = userRole !== null && ADMIN_ROLES.includes(userRole);
  const comments = useQuery({ ...commentsQuery(companyId, responseId), enabled: Boolean(companyId) });
  const { add, edit, remove } = useCommentActions(companyId, responseId, me);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const { text, setText, blank, tried, submit } = useTextDraft((value, done) => add.mutate(value, { onSuccess: done }));

  return (
    <section aria-label={t('comments.title')} className="flex flex-col gap-3">
      <h4 className="text-sm font-semibold text-stone-900">{t('comments.title')}</h4>
      {comments.isPending ? (
        <LoadingState className="flex items-center gap-3 py-3 text-sm text-stone-700" />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('comments.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('comments.listLabel')}>
          {comments.data.map((c) => (
            <CommentItem
              key={c.CommentID}
              comment={c}
              mine={c.UserID === me}
              canDelete={c.UserID === me || isAdmin}
              saving={edit.isPending && edit.variables?.commentId === c.CommentID}
              onSave={(newText, done) =>
                edit.mutate(
                  { commentId: c.CommentID, text: newText },
                  { onSuccess: done, onError: (err) => toast.danger(errorMessage(err)) },
                )
              }
              onDelete={() => setDeleting(c)}
            />
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Textarea
          label={t('comments.add')}
          value={text}
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('comments.placeholder')}
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
        confirmLabel={t('actions.delete')}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.CommentID, {
            onSuccess: () => toast.success(t('comments.deleted')),
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
