import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ButtonLink, Card, EmptyState, ErrorState, LoadingState, PageHeader, ScrollRegion } from '../../../components/ui';
import { batchesQuery } from '../../../api/queries/batches';
import { useAuth } from '../../../state/hooks';
import { forecastByWeek, mondayOf } from '../lib/weeks';
import { paths } from '../../../lib/paths';

function todayIso() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export default function ForecastingPage() {
  const { t, i18n } = useTranslation('forecasting');
  const { companyID } = useAuth();
  const batches = useQuery({ ...batchesQuery(companyID ?? 0), enabled: Boolean(companyID) });
  const forecast = useMemo(() => forecastByWeek(batches.data ?? []), [batches.data]);
  const thisWeek = mondayOf(todayIso());
  const weekLabel = (w: string) =>
    t('week', { date: new Date(`${w}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) });
  const chart = forecast.weeks.map((w) => ({ week: weekLabel(w.week), plants: w.plants, preBooks: w.preBooks }));

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<ButtonLink variant="secondary" to={paths.batches}>{t('toBatches')}</ButtonLink>} />
      {batches.isPending ? (
        <LoadingState />
      ) : batches.isError ? (
        <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />
      ) : forecast.weeks.length === 0 ? (
        <EmptyState
          title={t('emptyTitle')}
          description={forecast.undated.length ? t('emptyUndated', { count: forecast.undated.length }) : t('emptyDescription')}
          action={<ButtonLink to={paths.batches}>{t('toBatches')}</ButtonLink>}
        />
      ) : (
        <>
          {forecast.undated.length > 0 && <p className="text-sm text-amber-900">{t('undated', { count: forecast.undated.length })}</p>}
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
              <table className="w-full min-w-[32rem] text-left text-sm">
                <thead className="bg-stone-50 text-stone-700">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">{t('colWeek')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('colBatches')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('plants')}</th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">{t('preBooks')}</th>
                    <th scope="col" className="px-4 py-2 font-semibold">{t('colWhich')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {forecast.weeks.map((w) => (
                    <tr key={w.week} className={w.week < thisWeek ? 'bg-amber-50' : undefined}>
                      <th scope="row" className="px-4 py-2 font-medium">
                        {weekLabel(w.week)}
                        {w.week < thisWeek && <span className="ml-2 text-xs font-normal text-amber-900">{t('overdue')}</span>}
                        {w.week === thisWeek && <span className="ml-2 text-xs font-normal text-brand-800">{t('thisWeek')}</span>}
                      </th>
                      <td className="px-4 py-2 text-right">{w.batches.length}</td>
                      <td className="px-4 py-2 text-right">{w.plants}</td>
                      <td className="px-4 py-2 text-right">{w.preBooks}</td>
                      <td className="px-4 py-2 text-stone-700">{w.batches.map((b) => b.BatchNumber).join(', ')}</td>
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
