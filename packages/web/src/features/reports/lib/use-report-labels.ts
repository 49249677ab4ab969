import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../lib/format-number';
import { hasMeasureSeries, type XAxisKind } from './report-table';

/**
 * How a report's axis values, series names and numbers read in the user's language: days as "3 Nov",
 * week offsets as "−2 wk", crop measures translated, numbers with the language's separators.
 */
export function useReportLabels(kind: string, xKind: XAxisKind) {
  const { t, i18n } = useTranslation('reports');
  const formatNumber = useFormatNumber();
  const x = useCallback(
    (value: string | number, long = false): string => {
      if (xKind === 'week-offset') return t('axis.weekOffset', { count: Number(value) });
      if (xKind === 'category') return String(value);
      const d = new Date(`${String(value)}T00:00:00Z`);
      if (Number.isNaN(d.getTime())) return String(value);
      return d.toLocaleDateString(i18n.language, long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
    },
    [i18n.language, t, xKind],
  );
  const series = useCallback(
    (name: string): string => (hasMeasureSeries(kind) ? t(`measures.${name}`, { defaultValue: name }) : name),
    [kind, t],
  );
  const number = useCallback(
    (value: unknown): string => (typeof value === 'number' ? formatNumber(value, { maximumFractionDigits: 2 }) : '—'),
    [formatNumber],
  );
  return { x, series, number, xTitle: t(`axis.${xKind}`) };
}
