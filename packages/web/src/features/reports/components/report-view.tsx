import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useToast } from '../../../components/ui';
import { useFormatDate } from '../../../lib/format-date';
import { chartToPng } from '../lib/chart-png';
import { saveBlob } from '@/lib/save-blob';
import { fileName, toCsv } from '../lib/csv';
import { isEmptyTable, seriesByTotal, tableFromData, X_KEY, xAxisKind } from '../lib/report-table';
import { useReportLabels } from '../lib/use-report-labels';
import { ReportChart } from './report-chart';
import { ReportTableView } from './report-table-view';

/**
 * On paper only the report prints: its title, the chart and the table of figures; the app's navigation
 * and the buttons are hidden.
 */
const PRINT_CSS = `
@media screen { .report-print-only { display: none; } }
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .report-print, .report-print * { visibility: visible !important; }
  .report-print { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .report-print .report-screen-only { display: none !important; }
  .report-print .report-print-only { display: block; }
  .report-print table { break-inside: auto; }
  .report-print tr { break-inside: avoid; }
}`;

interface Props {
  name: string;
  kind: string;
  data: readonly unknown[];
  chartType: string;
  /** A line under the title (the period, or when it was saved). */
  subtitle?: ReactNode;
  /** Actions beside the exports (Save, Pin, Delete). */
  actions?: ReactNode;
}

/** A report with its exports: CSV of its figures, its chart as PNG, and a print view with chart and table. */
export function ReportView({ name, kind, data, chartType, subtitle, actions }: Props) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const when = useFormatDate();
  const chartRef = useRef<HTMLDivElement>(null);
  const table = useMemo(() => tableFromData(data), [data]);
  const series = useMemo(() => seriesByTotal(table), [table]);
  const labels = useReportLabels(kind, xAxisKind(kind));
  const empty = isEmptyTable(table);

  function exportCsv() {
    const header = [labels.xTitle, ...series.map(labels.series)];
    const rows = table.rows.map((r) => [r[X_KEY], ...series.map((s) => r[s])]);
    saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName(name, 'csv'));
  }

  async function exportPng() {
    const svg = chartRef.current?.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
    try {
      if (!svg) throw new Error('no chart');
      const legend = chartType === 'PieChart' ? [] : series.map((s, i) => ({ label: labels.series(s), colour: labels.colour(s, i) }));
      saveBlob(await chartToPng(svg, name, legend), fileName(name, 'png'));
    } catch {
      toast.show('danger', t('result.pngFailed'));
    }
  }

  return (
    <div className="report-print flex min-w-0 flex-col gap-3">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-base font-semibold text-stone-900">{name}</h2>
          {subtitle && <p className="text-sm text-stone-600">{subtitle}</p>}
          <p className="report-print-only text-xs text-stone-600">{t('print.heading', { name, date: when(new Date().toISOString()) })}</p>
        </div>
        <div className="report-screen-only flex flex-wrap items-center gap-2">
          {actions}
          <Button size="sm" variant="secondary" onClick={exportCsv} disabled={empty}>
            {t('result.csv')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void exportPng()} disabled={empty || chartType === 'Table'}>
            {t('result.png')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => window.print()} disabled={empty}>
            {t('result.print')}
          </Button>
        </div>
      </div>
      <div ref={chartRef} className="min-w-0">
        <ReportChart kind={kind} data={data} chartType={chartType} />
      </div>
      {!empty && chartType !== 'Table' && (
        <div className="report-print-only">
          <ReportTableView table={table} series={series} labels={labels} />
        </div>
      )}
    </div>
  );
}
