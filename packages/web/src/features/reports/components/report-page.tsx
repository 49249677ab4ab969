import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/ui';
import { savedReportQuery, savedReportsQuery } from '../../../api/queries/saved-reports';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../../state/hooks';
import { ReportActions } from './report-actions';
import { ReportView } from './report-view';

/** reports/{reportID}: one saved report with its figures as saved, its exports, pin and delete. */
export default function ReportPage() {
  const { t } = useTranslation('reports');
  const { reportID } = useParams();
  const navigate = useNavigate();
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const reportId = Number(reportID);
  const valid = Number.isInteger(reportId) && reportId > 0;
  const when = useFormatDate();
  const report = useQuery({ ...savedReportQuery(companyId, reportId), enabled: Boolean(companyID) && valid });
  // The list tells which slots are taken, so pinning here picks a free one like the list does.
  const all = useQuery({ ...savedReportsQuery(companyId), enabled: Boolean(companyID) && valid });

  const back = (
    <Link to={paths.reports} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline">
      ← {t('detail.back')}
    </Link>
  );

  if (!valid || report.data === null || report.isPending || report.isError) {
    return (
      <>
        {back}
        <PageHeader title={t('title')} />
        {report.isError ? (
          <ErrorState error={report.error} onRetry={() => void report.refetch()} title={t('saved.loadFailed')} />
        ) : valid && report.isPending ? (
          <LoadingState />
        ) : (
          <EmptyState title={t('detail.notFound')} action={<ButtonLink to={paths.reports}>{t('detail.back')}</ButtonLink>} />
        )}
      </>
    );
  }

  const r = report.data;
  return (
    <>
      {back}
      <PageHeader
        title={r.report_name}
        description={t('detail.choices', { kind: t(`kinds.${r.report_type}`, { defaultValue: r.report_type }), chart: t(`chartTypes.${r.chart_type}`, { defaultValue: r.chart_type }) })}
        actions={r.dashboard_slot !== null ? <Badge tone="success">{t('saved.pinned', { slot: r.dashboard_slot })}</Badge> : undefined}
      />
      <Card>
        <ReportView
          name={r.report_name}
          kind={r.report_type}
          data={r.report_data}
          chartType={r.chart_type}
          subtitle={r.created_by_name ? t('saved.by', { name: r.created_by_name, date: when(r.created_at) }) : t('detail.savedFigures', { date: when(r.created_at) })}
          actions={
            <>
              <ButtonLink size="sm" variant="secondary" to={paths.reportFrom(r.report_id)}>
                {t('detail.redraw')}
              </ButtonLink>
              <ReportActions report={r} all={all.data ?? [r]} companyId={companyId} onDeleted={() => void navigate(paths.reports, { replace: true })} />
            </>
          }
        />
      </Card>
    </>
  );
}
