import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_SLOTS } from '@verdant/contract';
import { Badge, Card, EmptyState, ErrorState, LoadingState } from '../../../components/ui';
import { savedReportsQuery } from '../../../api/queries/saved-reports';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { ReportActions, useCanPin } from './report-actions';

/** The company's saved reports, newest first: open, pin to the overview (up to four), delete. */
export function SavedReportsList({ companyId }: { companyId: number }) {
  const { t } = useTranslation('reports');
  const when = useFormatDate();
  const canPin = useCanPin();
  const list = useQuery(savedReportsQuery(companyId));
  const pinnedCount = list.data?.filter((r) => r.dashboard_slot !== null).length ?? 0;

  return (
    <Card
      title={t('saved.title')}
      description={list.data?.length ? `${pinnedCount} / ${DASHBOARD_SLOTS.length} · ${canPin ? t('saved.pinsHint') : t('saved.pinAdminOnly')}` : undefined}
    >
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title={t('saved.loadFailed')} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('saved.empty')} description={t('saved.emptyHint')} />
      ) : (
        <ul className="divide-y divide-stone-200">
          {list.data.map((r) => (
            <li key={r.report_id} data-testid="saved-report" className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link to={paths.report(r.report_id)} className="break-words font-semibold text-brand-800 hover:underline" aria-label={t('saved.openNamed', { name: r.report_name })}>
                  {r.report_name}
                </Link>
                <p className="text-sm text-stone-600">
                  {t(`kinds.${r.report_type}`, { defaultValue: r.report_type })} ·{' '}
                  {r.created_by_name ? t('saved.by', { name: r.created_by_name, date: when(r.created_at) }) : t('saved.on', { date: when(r.created_at) })}
                </p>
                {r.dashboard_slot !== null && (
                  <Badge tone="success" className="mt-1">
                    {t('saved.pinned', { slot: r.dashboard_slot })}
                  </Badge>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <ReportActions report={r} all={list.data} companyId={companyId} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
