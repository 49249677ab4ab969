import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  colourIndexes, compactTable, hasMeasureSeries, isEmptyTable, lastYearOf, OTHERS_KEY, seriesAddUp, seriesByTotal, SUSPECTED_KEY, TARGET_KEY, tableFromData, X_KEY, xAxisKind,
} from '../lib/report-table';
import { SERIES_COLOURS } from '../lib/series-colours';
import { useReportLabels } from '../lib/use-report-labels';
import { ReportTableView } from './report-table-view';

export interface ReportChartProps {
  /** The report's kind (`report_type`): decides how the x axis reads. */
  kind: string;
  /** The report's rows as saved (`report_data`): `{ x, <series>: number | null, … }`. */
  data: readonly unknown[];
  /** LineChart (default), BarChart, AreaChart (stacked), PieChart (totals) or Table. */
  chartType: string;
  /** Height of the drawing in pixels, legend included (default 300). */
  height?: number;
}

const AXIS_TICK = { fontSize: 11, fill: '#57534e' };
const dashOf = (s: string, i: number) =>
  s === SUSPECTED_KEY || s === TARGET_KEY ? '3 3' : lastYearOf(s) !== null ? '8 4' : i >= SERIES_COLOURS.length ? '6 3' : undefined;

/**
 * A saved or freshly drawn report as a chart. Used by the reports screens and by the overview's pinned
 * reports, so it takes only what a saved report holds. Fits a 360 px phone: the width follows the
 * container, the legend wraps under the chart, ticks thin out, and a tap shows the tooltip.
 */
export function ReportChart({ kind, data, chartType, height = 300 }: ReportChartProps) {
  const { t } = useTranslation('reports');
  const xKind = xAxisKind(kind);
  // On a phone a long daily report reads by week, with its three largest series and "Others" (issue 20).
  const [phone] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches);
  const table = useMemo(() => {
    const full = tableFromData(data);
    // Indicators (the crop balance) are not counts: a week's growth summed or rooms folded into "Others" would lie.
    return phone && chartType !== 'Table' && seriesAddUp(kind) ? compactTable(full, xKind === 'day' && full.rows.length > 14) : full;
  }, [data, phone, chartType, xKind, kind]);
  const series = useMemo(() => seriesByTotal(table), [table]);
  const base = useReportLabels(kind, xKind);
  // A crop balance room's last year is drawn in its room's colour.
  const paint = useMemo(() => colourIndexes(series), [series]);
  const labels = useMemo(
    () => ({
      ...base,
      series: (name: string) => (name === OTHERS_KEY ? t('others') : base.series(name)),
      colour: (name: string, index: number) => (name === OTHERS_KEY ? '#78716c' : base.colour(name, paint.get(name) ?? index)),
    }),
    [base, t, paint],
  );

  if (isEmptyTable(table)) {
    return (
      <p className="flex items-center justify-center rounded-lg bg-stone-50 px-4 py-8 text-center text-sm text-stone-700" style={{ minHeight: Math.min(height, 160) }}>
        {kind === 'crop_balance' ? t('emptyBalance') : xKind === 'category' || hasMeasureSeries(kind) ? t('emptyCrop') : t('empty')}
      </p>
    );
  }
  if (chartType === 'Table') return <ReportTableView table={table} series={series} labels={labels} />;

  const common = { data: table.rows, margin: { top: 8, right: 8, bottom: 0, left: 0 } };
  const axes = (
    <>
      <CartesianGrid stroke="#e7e5e4" strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey={X_KEY}
        tick={AXIS_TICK}
        tickFormatter={(v: string | number) => {
          const text = labels.x(v);
          return text.length > 14 ? `${text.slice(0, 13)}…` : text;
        }}
        minTickGap={12}
        interval="preserveStartEnd"
      />
      <YAxis tick={AXIS_TICK} width={44} allowDecimals tickFormatter={(v: number) => labels.number(v)} />
      <Tooltip
        labelFormatter={(v) => labels.x(v as string | number, true)}
        formatter={(value, name) => [labels.number(value), labels.series(String(name))]}
        wrapperStyle={{ zIndex: 10, maxWidth: 'calc(100vw - 2rem)' }}
        contentStyle={{ fontSize: 12, whiteSpace: 'normal' }}
      />
      <Legend wrapperStyle={{ fontSize: 12, lineHeight: '18px', paddingTop: 4 }} formatter={(name) => labels.series(String(name))} />
    </>
  );

  let chart;
  if (chartType === 'PieChart') {
    const slices =
      series.length > 1
        ? series.map((s, i) => ({ name: labels.series(s), colour: labels.colour(s, i), value: table.rows.reduce((sum, r) => sum + (Number(r[s]) || 0), 0) }))
        : table.rows.map((r, i) => ({ name: labels.x(r[X_KEY], true), colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!, value: Number(r[series[0]!]) || 0 }));
    chart = (
      <PieChart>
        <Pie data={slices.filter((s) => s.value > 0)} dataKey="value" nameKey="name" outerRadius="75%" isAnimationActive={false}>
          {slices.filter((s) => s.value > 0).map((s) => (
            <Cell key={s.name} fill={s.colour} />
          ))}
        </Pie>
        <Tooltip formatter={(value, name) => [labels.number(value), String(name)]} contentStyle={{ fontSize: 12 }} />
        <Legend wrapperStyle={{ fontSize: 12, lineHeight: '18px' }} />
      </PieChart>
    );
  } else if (chartType === 'BarChart') {
    chart = (
      <BarChart {...common}>
        {axes}
        {series.map((s, i) => (
          <Bar key={s} dataKey={s} fill={labels.colour(s, i)} fillOpacity={s === SUSPECTED_KEY ? 0.5 : 1} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  } else if (chartType === 'AreaChart') {
    chart = (
      <AreaChart {...common}>
        {axes}
        {series.map((s, i) => (
          <Area key={s} dataKey={s} stackId={s === SUSPECTED_KEY || s === TARGET_KEY ? s : 'all'} type="linear" stroke={labels.colour(s, i)} fill={labels.colour(s, i)} fillOpacity={0.35} strokeDasharray={dashOf(s, i)} isAnimationActive={false} />
        ))}
      </AreaChart>
    );
  } else {
    chart = (
      <LineChart {...common}>
        {axes}
        {series.map((s, i) => (
          <Line
            key={s}
            dataKey={s}
            type="linear"
            stroke={labels.colour(s, i)}
            strokeWidth={2}
            strokeDasharray={dashOf(s, i)}
            dot={table.rows.length <= 40 ? { r: 3 } : false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }

  return (
    // A figure, not role="img": recharts' chart is focusable (arrow keys move the tooltip), and an image may
    // hold nothing interactive.
    <figure
      className="m-0 w-full min-w-0"
      style={{ height }}
      aria-label={t('chartLabel', { series: series.map(labels.series).join(', '), count: table.rows.length })}
      data-chart-type={chartType}
    >
      <ResponsiveContainer width="100%" height="100%">
        {chart}
      </ResponsiveContainer>
    </figure>
  );
}
