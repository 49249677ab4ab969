import { useTranslation } from 'react-i18next';
import type { BatchTreatment } from '@verdant/contract';
import { Badge, ButtonLink, Card, EmptyState, ErrorState, LoadingState } from '../../../components/ui';
import { useFormatDate, useFormatDay } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';

interface Props {
  dashboard: { data?: { treatments: BatchTreatment[] }; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Today as YYYY-MM-DD: an interval running past it is shown as running. */
  today: string;
}

/** The spray products applied to the batch's grid boxes in the dashboard's range, newest first, with their intervals. */
export function BatchTreatmentsCard({ dashboard, today }: Props) {
  const { t } = useTranslation('batches');
  const day = useFormatDay();
  const when = useFormatDate();
  const rows = dashboard.data?.treatments ?? [];
  const now = Date.now();
  return (
    <Card title={t('treatments.title')} description={t('treatments.description')} padded={false}>
      {dashboard.isPending ? (
        <LoadingState />
      ) : dashboard.isError ? (
        <div className="p-4">
          <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </div>
      ) : rows.length === 0 ? (
        <div className="p-4">
          <EmptyState
            title={t('treatments.emptyTitle')}
            description={t('treatments.emptyBody')}
            action={<ButtonLink variant="secondary" to={paths.treatmentProduct}>{t('treatments.open')}</ButtonLink>}
          />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('treatments.title')}>
          {rows.map((r) => {
            const reentry = r.reentry_until && Date.parse(r.reentry_until) > now ? r.reentry_until : null;
            const preharvest = r.preharvest_until && r.preharvest_until > today ? r.preharvest_until : null;
            return (
              <li key={r.application_id} data-testid="batch-treatment" className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 sm:px-5">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">{r.product}</p>
                  <p className="text-sm text-stone-600">{t('treatments.row', { date: day(r.date), quantity: r.quantity, count: r.grid_boxes })}</p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {reentry && <Badge tone="danger">{t('treatments.noEntry', { until: when(reentry) })}</Badge>}
                  {preharvest && <Badge tone="warning">{t('treatments.noHarvest', { until: day(preharvest) })}</Badge>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
