import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, COMMENT_MAX_LENGTH, type Comment } from '@verdant/contract';
import { Button, ConfirmDialog, ErrorState, LoadingState, Textarea, useToast } from '../ui';
import { errorMessage } from '../../api/api-error';
import { useAuth } from '../../state/hooks';
import { commentsQuery } from '../../api/queries/comments';
import { useCommentActions } from './use-comment-actions';
import { useFormatDate } from '../../lib/format-date';
import { useTextDraft } from '../../lib/use-text-draft';

function CommentItem({
  comment,
  author,
  mine,
  canDelete,
  saving,
  onSave,
  onDelete,
}: {
  comment: Comment;
  author: string;
  mine: boolean;
  canDelete: boolean;
  saving: boolean;
  onSave: (text: string, done: () => void) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('comment-thread');
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
        <span className="font-semibold text-stone-800">{author}</span> ·{' '}
        {comment.CommentID < 0 ? t('waiting') : formatDate(comment.CreatedAt)}
        {comment.edited && ` · ${t('edited')}`}
      </p>
      {editing ? (
        <form onSubmit={save} noValidate className="mt-2 flex flex-col gap-2">
          <Textarea
            label={t('editLabel')}
            value={text}
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            error={blank ? t('required') : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="md" loading={saving} disabled={blank}>
              {t('save')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setText(comment.CommentText);
                setEditing(false);
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-900">{comment.CommentText}</p>
      )}
      {!editing && (mine || canDelete) && (
        <div className="mt-2 flex gap-2">
          {mine && (
            <Button variant="ghost" onClick={() => setEditing(true)} aria-label={t('editOne')}>
              {t('edit')}
            </Button>
          )}
          {canDelete && (
            <Button variant="ghost" onClick={onDelete} aria-label={t('deleteOne')}>
              {t('delete')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Comments on a form response (an observation's or a task's): everyone adds and edits their own and
 * deletes their own, Admins delete any; a consultant adds and edits (deleting is not theirs to do).
 * Adding goes through the outbox, so a comment written offline shows at once, marked as waiting.
 */
export function CommentThread({ companyId, responseId, headingLevel = 4 }: { companyId: number; responseId: number; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation('comment-thread');
  const toast = useToast();
  const { userId, userRole } = useAuth();
  const me = userId ?? 0;
  const isAdmin = userRole !== null && ADMIN_ROLES.includes(userRole);
  const mayDelete = userRole !== 'Consultant';
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const comments = useQuery({ ...commentsQuery(companyId, responseId), enabled: Boolean(companyId) });
  const { add, edit, remove } = useCommentActions(companyId, responseId, me);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const { text, setText, blank, tried, submit } = useTextDraft((value, done) => add.mutate(value, { onSuccess: done }));

  return (
    <section aria-label={t('title')} className="flex flex-col gap-3">
      <Heading className="text-sm font-semibold text-stone-900">{t('title')}</Heading>
      {comments.isPending && comments.fetchStatus === 'paused' ? (
        <p className="text-sm text-stone-600">{t('waitingForConnection')}</p>
      ) : comments.isPending ? (
        <LoadingState className="flex items-center gap-3 py-3 text-sm text-stone-700" />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('listLabel')}>
          {comments.data.map((c) => (
            <CommentItem
              key={c.CommentID}
              comment={c}
              author={c.UserName ?? (c.UserID === me ? t('you') : t('someone'))}
              mine={c.UserID === me && c.CommentID > 0}
              canDelete={mayDelete && c.CommentID > 0 && (c.UserID === me || isAdmin)}
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
          label={t('add')}
          value={text}
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('placeholder')}
          error={tried && blank ? t('required') : add.isError ? errorMessage(add.error) : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            {t('post')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        destructive
        loading={remove.isPending}
        title={t('deleteTitle')}
        description={t('deleteBody', { text: deleting ? deleting.CommentText.slice(0, 80) : '' })}
        confirmLabel={t('delete')}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.CommentID, {
            onSuccess: () => toast.success(t('deleted')),
            onError: (err) => toast.danger(errorMessage(err)),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
