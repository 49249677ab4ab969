import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QR_LABELS_MAX } from '@verdant/contract';
import { Button, ButtonLink, EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { useAuth } from '../../../state/hooks';
import { batchLabelsQuery } from '../../../api/queries/batches';
import { useFormatDay } from '../../../lib/format-date';
import { useStatusLabel } from './batch-status-badge';
import { paths } from '../../../lib/paths';

/** Only the sheet prints: the app's navigation and this page's buttons are hidden on paper. */
const PRINT_CSS = `
@media print {
  @page { margin: 10mm; }
  body * { visibility: hidden !important; }
  .label-sheet, .label-sheet * { visibility: visible !important; }
  .label-sheet { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .label-sheet li { break-inside: avoid; box-shadow: none; border-color: #000; }
}`;

export function parseIds(raw: string | null): number[] {
  return [...new Set((raw ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0))].slice(0, QR_LABELS_MAX);
}

export default function BatchLabelsPage() {
  const { t } = useTranslation('batches');
  const { companyID } = useAuth();
  const [params] = useSearchParams();
  const ids = useMemo(() => parseIds(params.get('ids')), [params]);
  const labels = useQuery({ ...batchLabelsQuery(companyID ?? 0, ids), enabled: Boolean(companyID) && ids.length > 0 });
  const day = useFormatDay();
  const statusLabel = useStatusLabel();

  return (
    <div>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('labels.title')}
        description={t('labels.description')}
        actions={
          <>
            <ButtonLink variant="secondary" to={paths.batches}>
              {t('labels.back')}
            </ButtonLink>
            <Button onClick={() => window.print()} disabled={!labels.data?.length}>
              {t('labels.print')}
            </Button>
          </>
        }
      />
      {ids.length === 0 ? (
        <EmptyState title={t('labels.noneTitle')} description={t('labels.noneDescription')} action={<ButtonLink to={paths.batches}>{t('labels.back')}</ButtonLink>} />
      ) : labels.isPending ? (
        <LoadingState />
      ) : labels.isError ? (
        <ErrorState error={labels.error} onRetry={() => void labels.refetch()} />
      ) : (
        <ul className="label-sheet grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3">
          {labels.data.map((l) => (
            <li key={l.batch.BatchID} className="flex items-center gap-3 rounded-lg border border-dashed border-stone-400 bg-white p-3">
              <img src={l.qr_data_url} alt={t('qr.alt', { number: l.batch.BatchNumber })} className="size-28 shrink-0" />
              <div className="min-w-0 text-sm">
                <p className="text-lg font-bold leading-tight text-stone-900">{l.batch.BatchNumber}</p>
                {l.batch.StrainName && <p className="text-stone-800">{l.batch.StrainName}</p>}
                <p className="text-stone-700">{statusLabel(l.batch.BatchStatus)}</p>
                {l.batch.StartDate && <p className="text-stone-700">{t('labels.started', { date: day(l.batch.StartDate) })}</p>}
                {l.rooms.length > 0 && <p className="text-stone-700">{l.rooms.map((r) => r.Name).join(', ')}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
