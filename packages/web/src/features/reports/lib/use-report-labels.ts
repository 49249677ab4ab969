import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../lib/format-number';
import { useAuth } from '../../../state/hooks';
import { useProblemLook } from '../../../components/problem-look';
import { hasMeasureSeries, hasProblemSeries, lastYearOf, SUSPECTED_KEY, TARGET_KEY, type XAxisKind } from './report-table';
import { seriesColour, SUSPECTED_COLOUR, TARGET_COLOUR } from './series-colours';

/**
 * How a report's axis values, series names and numbers read in the user's language: days as "3 Nov",
 * week offsets as "−2 wk", crop measures translated, problems by their name in the language and drawn in
 * their one colour (the company's mapping, as on the map), numbers with the language's separators.
 */
export function useReportLabels(kind: string, xKind: XAxisKind) {
  const { t, i18n } = useTranslation('reports');
  const formatNumber = useFormatNumber();
  const look = useProblemLook(useAuth().companyID ?? 0);
  const problems = hasProblemSeries(kind);
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
    (name: string): string =>
      name === TARGET_KEY
        ? t('targetSeries')
        : lastYearOf(name) !== null
          ? t('lastYearSeries', { name: lastYearOf(name) })
          : hasMeasureSeries(kind) ? t(`measures.${name}`, { defaultValue: name }) : problems ? (name === SUSPECTED_KEY ? t('suspectedSeries') : look.name(name)) : name,
    [kind, t, problems, look],
  );
  /** A problem series' one colour; other series by their place in the chart. */
  const colour = useCallback(
    (name: string, index: number): string =>
      name === TARGET_KEY ? TARGET_COLOUR : problems ? (name === SUSPECTED_KEY ? SUSPECTED_COLOUR : look.colour(name)) : seriesColour(index),
    [problems, look],
  );
  const number = useCallback(
    (value: unknown): string => (typeof value === 'number' ? formatNumber(value, { maximumFractionDigits: 2 }) : '—'),
    [formatNumber],
  );
  return { x, series, colour, number, xTitle: t(`axis.${xKind}`) };
}
