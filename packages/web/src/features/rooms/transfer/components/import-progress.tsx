import { useTranslation } from 'react-i18next';
import type { ImportJob } from '@verdant/contract';
import { LoadingState } from '../../../../components/ui';

/** A running import job's progress: a bar and "n of N lines" (the upload itself shows as loading). */
export function ImportProgress({ job }: { job: ImportJob | null }) {
  const { t, i18n } = useTranslation('rooms');
  if (!job) return <LoadingState />;
  const n = (v: number) => v.toLocaleString(i18n.language);
  const total = Math.max(job.rows_total, 1);
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-1" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label={t('transfer.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={job.rows_total}
        aria-valuenow={Math.min(job.rows_done, job.rows_total)}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${(Math.min(job.rows_done, total) / total) * 100}%` }} />
      </div>
      <p className="text-sm tabular-nums text-stone-800">
        {t(job.dry_run ? 'transfer.progressPreview' : 'transfer.progressApply', { done: n(job.rows_done), total: n(job.rows_total) })}
      </p>
      <p className="text-xs text-stone-600">{t('transfer.progressNote')}</p>
    </div>
  );
}
