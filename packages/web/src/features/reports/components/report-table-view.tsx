import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui';
import { X_KEY, type ReportTable } from '../lib/report-table';
import type { useReportLabels } from '../lib/use-report-labels';

/** The report's numbers as a table: the Table chart type, the print view, and what a screen reader reads. */
export function ReportTableView({ table, series, labels }: { table: ReportTable; series: string[]; labels: ReturnType<typeof useReportLabels> }) {
  const { t } = useTranslation('reports');
  return (
    <ScrollRegion label={t('table.label')} className="max-w-full">
      <table className="w-full min-w-max border-collapse text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-700">
            <th scope="col" className="px-2 py-2 font-semibold">{labels.xTitle}</th>
            {series.map((s) => (
              <th key={s} scope="col" className="px-2 py-2 text-right font-semibold">{labels.series(s)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={String(row[X_KEY])} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="whitespace-nowrap px-2 py-1.5 text-left font-normal text-stone-800">{labels.x(row[X_KEY], true)}</th>
              {series.map((s) => (
                <td key={s} className="px-2 py-1.5 text-right tabular-nums text-stone-800">{labels.number(row[s])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
