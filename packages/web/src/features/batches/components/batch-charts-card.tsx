import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { getBatchDashboard } from '../../../api/batches';
import { Card, ErrorState, Input, LoadingState } from '../../../components/ui';

type Dashboard = Awaited<ReturnType<typeof getBatchDashboard>>;

const PALETTE = ['#2f855a', '#c05621', '#2b6cb0', '#b7791f', '#805ad5', '#c53030', '#2c7a7b', '#718096'];

/** Problems per week as one row per week with a count per problem (stacked bars). */
export function problemsByWeek(rows: Dashboard['problems_over_time']) {
  const problems = [...new Set(rows.map((r) => r.problem))];
  const weeks = new Map<string, Record<string, number | string>>();
  for (const r of rows) {
    const row = weeks.get(r.week) ?? { week: r.week };
    row[r.problem] = ((row[r.problem] as number | undefined) ?? 0) + r.count;
    weeks.set(r.week, row);
  }
  return { problems, data: [...weeks.values()].sort((a, b) => String(a.week).localeCompare(String(b.week))) };
}

interface Props {
  from: string;
  to: string;
  onRange: (from: string, to: string) => void;
  dashboard: { data?: Dashboard; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}

function ChartBox({ title, children, empty }: { title: string; children: React.ReactElement; empty?: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-stone-800">{title}</figcaption>
      {empty ? (
        <p className="flex h-48 items-center justify-center rounded-lg bg-stone-50 px-4 text-center text-sm text-stone-600">{empty}</p>
      ) : (
        <div className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

export function BatchChartsCard({ from, to, onRange, dashboard }: Props) {
  const { t } = useTranslation('batches');
  const d = dashboard.data;
  const counts = useMemo(
    () =>
      d
        ? [
            { name: t('charts.planned'), value: d.plant_counts.number_of_plants },
            { name: t('charts.preBooks'), value: d.plant_counts.pre_books },
            { name: t('charts.linkedPlants'), value: d.plant_counts.linked_plants },
            { name: t('charts.gridBoxes'), value: d.plant_counts.grid_boxes },
          ]
        : [],
    [d, t],
  );
  const problems = useMemo(() => problemsByWeek(d?.problems_over_time ?? []), [d]);

  return (
    <Card title={t('charts.title')} description={t('charts.description')}>
      <div className="mb-4 grid grid-cols-2 gap-3 sm:max-w-md">
        <Input label={t('charts.from')} type="date" value={from} max={to || undefined} onChange={(e) => onRange(e.target.value, to)} />
        <Input label={t('charts.to')} type="date" value={to} min={from || undefined} onChange={(e) => onRange(from, e.target.value)} />
      </div>
      {dashboard.isPending ? (
        <LoadingState />
      ) : dashboard.isError || !d ? (
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <ChartBox title={t('charts.plantCounts')}>
            <BarChart data={counts} layout="vertical" margin={{ left: 8, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Bar dataKey="value" name={t('charts.count')} fill="#2f855a" />
            </BarChart>
          </ChartBox>
          <ChartBox title={t('charts.problemsPerWeek')} empty={problems.data.length ? undefined : t('charts.noProblems')}>
            <BarChart data={problems.data} margin={{ left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 11 }} />
              {problems.problems.map((p, i) => (
                <Bar key={p} dataKey={p} stackId="p" fill={PALETTE[i % PALETTE.length]} />
              ))}
            </BarChart>
          </ChartBox>
          <ChartBox title={t('charts.responsesPerWeek')} empty={d.form_responses_per_week.length ? undefined : t('charts.noResponses')}>
            <BarChart data={d.form_responses_per_week} margin={{ left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Bar dataKey="count" name={t('charts.responses')} fill="#2b6cb0" />
            </BarChart>
          </ChartBox>
        </div>
      )}
    </Card>
  );
}
