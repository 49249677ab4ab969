import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH, type Comment, type FormResponse, type GridBox } from '@verdant/contract';
import { Alert, Button, ConfirmDialog, LoadingText, Textarea, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { isNotAvailableOffline } from '../../../../api/offline-errors';
import { useAuth } from '../../../../state/hooks';
import { boxResponsesQuery } from '../../../../api/queries/grid-boxes';
import { commentsQuery } from '../../../../api/queries/comments';
import { useCommentMutations } from '../api/use-forms';
import { useFormatDate } from '../../../../lib/format-date';
import { PhotoStrip, serverPhotos, usePhotoAlt, WaitingPhotoList } from '../../../../components/photos';
import { useWaitingPhotos } from '../../../../api/use-waiting-photos';

/** A stored answer as people read it: lists joined, ticks as yes/no (photos are shown as thumbnails, apart). */
function readable(a: FormResponse['fieldResponses'][number], t: (k: string) => string): string {
  if (a.FieldType === 'checkbox') return a.inputData === '1' ? t('responses.yes') : t('responses.no');
  if (a.inputData.startsWith('[')) {
    try {
      const list = JSON.parse(a.inputData) as unknown;
      if (Array.isArray(list)) return list.map(String).join(', ');
    } catch {
      // Not a list after all: shown as typed.
    }
  }
  return a.inputData;
}

function CommentItem({ comment, responseId, canDeleteAny }: { comment: Comment; responseId: number; canDeleteAny: boolean }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const formatDate = useFormatDate();
  const m = useCommentMutations(companyID ?? 0, responseId, userId ?? 0);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.CommentText);
  const [confirm, setConfirm] = useState(false);
  const mine = comment.UserID === userId;

  const save = (e: FormEvent) => {
    e.preventDefault();
    m.edit.mutate(
      { id: comment.CommentID, text: text.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('comments.edited'));
        },
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );
  };

  return (
    <li className="rounded-md bg-stone-50 px-3 py-2">
      <p className="text-xs text-stone-600">
        {mine ? t('scan.you') : (comment.UserName ?? t('scouting.unknownUser'))} · {formatDate(comment.CreatedAt)}
        {comment.edited ? ` · ${t('comments.editedMark')}` : ''}
      </p>
      {editing ? (
        <form onSubmit={save} className="mt-1 flex flex-col gap-2">
          <Textarea label={t('comments.editLabel')} value={text} maxLength={COMMENT_MAX_LENGTH} onChange={(e) => setText(e.target.value)} required />
          <div className="flex gap-2">
            <Button type="submit" size="md" loading={m.edit.isPending} disabled={!text.trim()}>
              {t('comments.save')}
            </Button>
            <Button size="md" variant="ghost" onClick={() => setEditing(false)}>
              {t('app:ui.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-wrap text-sm text-stone-900">{comment.CommentText}</p>
      )}
      {!editing && (mine || canDeleteAny) && (
        <div className="mt-1 flex gap-1">
          {mine && (
            <Button size="md" variant="ghost" className="px-2" onClick={() => setEditing(true)}>
              {t('comments.edit')}
            </Button>
          )}
          <Button size="md" variant="ghost" className="px-2 text-red-800 hover:bg-red-50" onClick={() => setConfirm(true)}>
            {t('comments.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        destructive
        title={t('comments.deleteTitle')}
        description={t('comments.deleteBody')}
        confirmLabel={t('comments.delete')}
        loading={m.remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          m.remove.mutate(comment.CommentID, {
            onSuccess: () => {
              setConfirm(false);
              toast.success(t('comments.deleted'));
            },
            onError: (err) => toast.danger(errorMessage(err)),
          })
        }
      />
    </li>
  );
}

function Comments({ responseId }: { responseId: number }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId, userRole } = useAuth();
  const comments = useQuery(commentsQuery(companyID ?? 0, responseId));
  const m = useCommentMutations(companyID ?? 0, responseId, userId ?? 0);
  const [text, setText] = useState('');
  const canDeleteAny = userRole === 'Admin' || userRole === 'SuperAdmin';

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    m.add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        toast.success(t('comments.added'));
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  };

  return (
    <div className="mt-2 border-t border-stone-200 pt-2">
      {comments.isPending ? (
        <LoadingText />
      ) : comments.isError ? (
        <Alert tone="danger">{errorMessage(comments.error)}</Alert>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('comments.empty')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('comments.list')}>
          {comments.data.map((c) => (
            <CommentItem key={c.CommentID} comment={c} responseId={responseId} canDeleteAny={canDeleteAny} />
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-2 flex flex-col gap-2">
        <Textarea label={t('comments.add')} value={text} rows={2} maxLength={COMMENT_MAX_LENGTH} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" size="md" variant="secondary" loading={m.add.isPending} disabled={!text.trim()}>
          {t('comments.post')}
        </Button>
      </form>
    </div>
  );
}

function ResponseItem({ response }: { response: FormResponse }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const [open, setOpen] = useState(false);
  const altOf = usePhotoAlt();
  const answers = response.fieldResponses.filter((a) => a.inputData !== '' && a.FieldType !== 'photo');
  const photos = serverPhotos(`response-${response.response_id}`, response.photos, (p) => altOf(p.FieldName, response.TemplateName, response.ObservedAt));
  return (
    <li className="rounded-lg border border-stone-200 p-3">
      <p className="text-sm font-medium text-stone-900">{response.TemplateName}</p>
      <p className="text-xs text-stone-600">
        {formatDate(response.ObservedAt)} · {response.SubmittedByName ?? t('scouting.unknownUser')}
      </p>
      {answers.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {answers.map((a) => (
            <div key={a.field_response_id} className="contents">
              <dt className="text-stone-600">{a.FieldName}</dt>
              <dd className="min-w-0 break-words text-stone-900">{readable(a, t)}</dd>
            </div>
          ))}
        </dl>
      )}
      <PhotoStrip photos={photos} className="mt-2" />
      <Button size="md" variant="ghost" className="-ml-2 mt-1 px-2" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('comments.hide') : t('comments.show', { count: response.comment_count })}
      </Button>
      {open && <Comments responseId={response.response_id} />}
    </li>
  );
}

/** The box's latest responses with their answers, each with its comments; photos still queued here come first. */
export function BoxResponses({ box }: { box: GridBox }) {
  const { t } = useTranslation('rooms');
  const { companyID, userId } = useAuth();
  const responses = useQuery({ ...boxResponsesQuery(companyID ?? 0, box.id), enabled: Boolean(companyID) });
  const waiting = useWaitingPhotos(userId).filter((w) => w.gridBoxIds.includes(box.id));
  const queued = <WaitingPhotoList items={waiting} className="mb-2 space-y-2" />;
  if (responses.isPending) return <LoadingText />;
  if (responses.isError) {
    // Offline with no copy of this box's responses on the device.
    if (isNotAvailableOffline(responses.error))
      return (
        <>
          {queued}
          <p className="text-sm text-stone-600">{errorMessage(responses.error)}</p>
        </>
      );
    return <Alert tone="danger">{errorMessage(responses.error)}</Alert>;
  }
  if (responses.data.responses.length === 0) {
    return (
      <>
        {queued}
        <p className="text-sm text-stone-600">{t('responses.empty')}</p>
      </>
    );
  }
  return (
    <>
      {queued}
      <ul className="space-y-2" aria-label={t('responses.title')}>
        {responses.data.responses.map((r) => (
          <ResponseItem key={r.response_id} response={r} />
        ))}
      </ul>
      {responses.data.total > responses.data.responses.length && (
        <p className="mt-2 text-xs text-stone-600">{t('responses.more', { shown: responses.data.responses.length, total: responses.data.total })}</p>
      )}
    </>
  );
}
