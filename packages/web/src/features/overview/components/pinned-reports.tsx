import { Component, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardReport } from '@verdant/contract';
import { ButtonLink, LoadingText } from '../../../components/ui';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { CardEmpty, CardState, type CardQuery } from './overview-card';

/** Draws a pinned report's chart; app/ hands in the reports feature's chart. */
export type RenderReport = (report: DashboardReport) => ReactNode;

/** A saved report whose data the chart cannot draw must not take the whole overview down with it. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ChartLoading() {
  return (
    <LoadingText spinner className="flex h-48 items-center justify-center gap-2 text-sm text-stone-600" />
  );
}

function PinnedReport({ report, render }: { report: DashboardReport; render?: RenderReport }) {
  const { t } = useTranslation('overview');
  const when = useFormatDate();
  return (
    <li data-testid="pinned-report" className="flex min-w-0 flex-col rounded-xl border border-stone-200 bg-white shadow-xs">
      <div className="px-4 pt-3 sm:px-5">
        <h3 className="truncate text-base font-semibold text-stone-900">
          <Link to={`${paths.reports}/${report.report_id}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {report.report_name}
          </Link>
        </h3>
        <p className="text-xs text-stone-600">{t('pinned.saved', { date: when(report.created_at) })}</p>
      </div>
      <div className="min-w-0 flex-1 px-2 py-3 sm:px-3">
        {report.report_data.length === 0 ? (
          <p className="px-2 py-6 text-sm text-stone-600">{t('pinned.noData')}</p>
        ) : render ? (
          <ChartBoundary fallback={<p className="px-2 py-6 text-sm text-stone-600">{t('pinned.cannotDraw')}</p>}>
            <Suspense fallback={<ChartLoading />}>{render(report)}</Suspense>
          </ChartBoundary>
        ) : null}
      </div>
      <Link
        to={`${paths.reports}/${report.report_id}`}
        className="flex min-h-11 items-center justify-between gap-2 rounded-b-xl border-t border-stone-200 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
        aria-label={t('pinned.openNamed', { name: report.report_name })}
      >
        {t('pinned.open')}
        <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

/** The four report slots of the dashboard (spec-2 §9), in slot order. */
export function PinnedReports({
  query,
  render,
}: {
  query: CardQuery<DashboardReport[]>;
  render?: RenderReport;
}) {
  const { t } = useTranslation('overview');
  return (
    <section aria-labelledby="overview-pinned" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="overview-pinned" className="text-base font-semibold text-stone-900">
          {t('pinned.title')}
        </h2>
        <Link to={paths.reports} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline">
          {t('pinned.all')}
        </Link>
      </div>
      <div className="mt-3">
        <CardState query={query}>
          {query.data?.length === 0 ? (
            <CardEmpty
              title={t('pinned.emptyTitle')}
              hint={t('pinned.emptyHint')}
              action={
                <ButtonLink to={paths.reports} variant="secondary">
                  {t('pinned.build')}
                </ButtonLink>
              }
            />
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {query.data?.map((r) => <PinnedReport key={r.report_id} report={r} render={render} />)}
            </ul>
          )}
        </CardState>
      </div>
    </section>
  );
}
