import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportJob } from '@verdant/contract';
import { errorMessage } from '../../../../api/api-error';
import { Alert, Button, Card, ConfirmDialog, useToast } from '../../../../components/ui';
import { ImportProgress } from './import-progress';

/** What the card reads of an import job's mutation (api/use-import-job.ts): its state and the job's last progress. */
interface JobMutation<T> {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  data?: T;
  progress: ImportJob | null;
  mutate(file: File): void;
  reset(): void;
}

/**
 * A file's import as both transfer screens run it: choose a file, its preview line by line, then apply, each as an
 * import job with its progress; an import still running on the server when the page opens shows first.
 */
export function ImportCard<P, A>({ title, body, fileId, fileLabel, applyLabel, resumed, preview, apply, file, onChoose, renderPreview, appliedText }: {
  title: string;
  body: string;
  fileId: string;
  fileLabel: string;
  applyLabel: string;
  resumed: ImportJob | null | undefined;
  preview: JobMutation<P>;
  apply: JobMutation<A>;
  file: File | null;
  onChoose(file: File | null): void;
  renderPreview(preview: P): ReactNode;
  appliedText(applied: A): string;
}) {
  const { t } = useTranslation('rooms');
  return (
    <Card>
      <h2 className="text-base font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 text-sm text-stone-700">{body}</p>
      {resumed && (
        <div className="mt-3 flex flex-col gap-2">
          <Alert tone="info">{t('transfer.stillRunning', { name: resumed.file_name })}</Alert>
          <ImportProgress job={resumed} />
        </div>
      )}
      <label className="mt-3 block text-sm font-medium text-stone-800" htmlFor={fileId}>{fileLabel}</label>
      <input
        id={fileId}
        type="file"
        accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
      />
      <div className="mt-4">
        {!file ? (
          <p className="text-sm text-stone-600">{t('transfer.chooseFirst')}</p>
        ) : preview.isPending ? (
          <ImportProgress job={preview.progress} />
        ) : preview.isError ? (
          <Alert tone="danger">{errorMessage(preview.error)}</Alert>
        ) : apply.isSuccess && apply.data !== undefined ? (
          <Alert tone="success">{appliedText(apply.data)}</Alert>
        ) : preview.data !== undefined ? (
          <div className="flex flex-col gap-3">
            <Alert tone="info">{t('transfer.previewNote')}</Alert>
            {renderPreview(preview.data)}
            {apply.isPending && <ImportProgress job={apply.progress} />}
            {apply.isError && <Alert tone="danger">{errorMessage(apply.error)}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => apply.mutate(file)} loading={apply.isPending}>{applyLabel}</Button>
              <Button variant="ghost" onClick={() => onChoose(null)}>{t('transfer.cancel')}</Button>
            </div>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** The confirmation before a whole import is undone; `onUndone` clears the applied import's note (it would offer an undo still). */
export function UndoImportDialog<X extends { import_id: number; file_name: string }>({ toUndo, description, undo, onClose, onUndone }: {
  toUndo: X | null;
  description: string;
  undo: { isPending: boolean; mutate(id: number, options: { onSuccess(): void; onError(err: unknown): void }): void };
  onClose(): void;
  onUndone(): void;
}) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  return (
    <ConfirmDialog
      open={toUndo !== null}
      destructive
      title={t('transfer.undoTitle', { name: toUndo?.file_name ?? '' })}
      description={description}
      confirmLabel={t('transfer.undoConfirm')}
      loading={undo.isPending}
      onCancel={onClose}
      onConfirm={() =>
        toUndo && undo.mutate(toUndo.import_id, {
          onSuccess: () => {
            toast.success(t('transfer.undoneToast'));
            onClose();
            onUndone();
          },
          onError: (err) => {
            toast.danger(errorMessage(err));
            onClose();
          },
        })
      }
    />
  );
}
