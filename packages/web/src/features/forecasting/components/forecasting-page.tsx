import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { deviceToday, mondayOf } from '@verdant/contract';
import { ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion } from '../../../components/ui';
import { batchStatusesQuery } from '../../../api/queries/batches';
import { cropAvailabilityQuery, openBatchStatuses } from '../../../api/queries/crop-reports';
import { useAuth } from '../../../state/hooks';
import { paths } from '../../../lib/paths';

export default function ForecastingPage() {
  const { t, i18n } = useTranslation('forecasting');
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const statuses = useQuery({ ...batchStatusesQuery(companyId), enabled: companyId > 0 });
  const open = useMemo(() => (statuses.data ? openBatchStatuses(statuses.data) : []), [statuses.data]);
  // The server sums the open batches per expected harvest week (crop availability by end date).
  const report = useQuery({ ...cropAvailabilityQuery(companyId, open), enabled: companyId > 0 && open.length > 0 });
  const failed = statuses.isError ? statuses : report.isError ? report : null;
  const weeks = report.data?.weeks ?? [];
  const undated = report.data?.undated.batches ?? 0;
  const thisWeek = mondayOf(deviceToday());
  const weekLabel = (w: string) =>
    t('week', { date: new Date(`${w}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) });
  const chart = weeks.map((w) => ({ week: weekLabel(w.week_start), plants: w.plants, preBooks: w.pre_books }));

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<ButtonLink variant="secondary" to={paths.batches}>{t('toBatches')}</ButtonLink>} />
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : statuses.isPending || report.isPending ? (
        <LoadingState />
      ) : weeks.length === 0 ? (
        <EmptyState
          title={t('emptyTitle')}
          description={undated ? t('emptyUndated', { count: undated }) : t('emptyDescription')}
          action={<ButtonLink to={paths.batches}>{t('toBatches')}</ButtonLink>}
        />
      ) : (
        <>
          {undated > 0 && <p className="text-sm text-amber-900">{t('undated', { count: undated })}</p>}
          <Card title={t('chartTitle')} description={t('chartDescription')}>
            <div className="h-72 w-full">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={chart} margin={{ left: -12 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="week" tick={{ fontSize: 11 }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Bar dataKey="plants" name={t('plants')} fill="#2f855a" />
                  <Bar dataKey="preBooks" name={t('preBooks')} fill="#b7791f" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <Card title={t('tableTitle')} padded={false}>
            <ScrollRegion label={t('tableTitle')}>
              <table className="w-full min-w-[36rem] text-left text-sm">
                <thead className="bg-stone-50 text-stone-700">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">{t('colWeek')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('colBatches')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('plants')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('preBooks')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('available')}</th>
                    <th scope="col" className="px-4 py-2 font-semibold">{t('colWhich')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {weeks.map((w) => (
                    <tr key={w.week_start} className={w.week_start < thisWeek ? 'bg-amber-50' : undefined}>
                      <th scope="row" className="px-4 py-2 font-medium">
                        {weekLabel(w.week_start)}
                        {w.week_start < thisWeek && <span className="ml-2 text-xs font-normal text-amber-900">{t('overdue')}</span>}
                        {w.week_start === thisWeek && <span className="ml-2 text-xs font-normal text-brand-800">{t('thisWeek')}</span>}
                      </th>
                      <td className="px-4 py-2 text-right tabular-nums">{w.batches}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{w.plants}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{w.pre_books}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{w.available}</td>
                      <td className="px-4 py-2 text-stone-700">{w.batch_list.map((b) => b.batch_number).join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </Card>
        </>
      )}
    </div>
  );
}
