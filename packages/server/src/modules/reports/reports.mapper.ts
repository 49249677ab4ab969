import { bucketStart, type ReportRange, type SeveritySeries, type TrendSeries } from '@verdant/contract';
import type { CountRow, SeverityRow } from './trends.repository.js';

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Series in a chart's order: the largest first, then by label. */
const byWeight = <S extends { total: number; label: string }>(a: S, b: S) => b.total - a.total || a.label.localeCompare(b.label);

interface Accumulator {
  label: string;
  values: number[];
  labelVotes: Map<string, number>;
}

/**
 * Dense series from sparse (key, bucket, value) rows: a point for every bucket, 0 where there was no row.
 * Rows whose keys differ only in case are one series (problems typed as 'Aphids' and 'aphids'), labelled
 * with the spelling seen most. `labels` names keys that are ids (rooms, grids).
 */
export function toSeries(range: ReportRange, rows: readonly CountRow[], labels?: ReadonlyMap<string, string>): TrendSeries[] {
  const byKey = new Map<string, Accumulator>();
  for (const row of rows) {
    if (row.bucket < 0 || row.bucket >= range.bucketCount) continue;
    const key = row.key.toLowerCase();
    let acc = byKey.get(key);
    if (!acc) {
      acc = { label: row.key, values: new Array<number>(range.bucketCount).fill(0), labelVotes: new Map() };
      byKey.set(key, acc);
    }
    acc.values[row.bucket]! += row.value;
    acc.labelVotes.set(row.key, (acc.labelVotes.get(row.key) ?? 0) + row.value);
  }
  return [...byKey.entries()]
    .map(([key, acc]) => {
      const spelled = [...acc.labelVotes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
      return {
        key,
        label: labels?.get(key) ?? spelled,
        total: acc.values.reduce((s, v) => s + v, 0),
        points: acc.values.map((value, i) => ({ bucket: bucketStart(range, i), value })),
      };
    })
    .sort(byWeight);
}

/** Zero series for keys that have no rows (gutters, rooms asked about that saw nothing), so the chart lists them. */
export function withEmpty(range: ReportRange, series: TrendSeries[], keys: ReadonlyMap<string, string>): TrendSeries[] {
  const seen = new Set(series.map((s) => s.key));
  const empty = [...keys.entries()]
    .filter(([key]) => !seen.has(key))
    .map(([key, label]) => ({ key, label, total: 0, points: Array.from({ length: range.bucketCount }, (_, i) => ({ bucket: bucketStart(range, i), value: 0 })) }));
  return [...series, ...empty].sort(byWeight);
}

/** Running totals of each series, bucket by bucket. */
export function cumulative(series: TrendSeries[]): TrendSeries[] {
  return series.map((s) => {
    let sum = 0;
    return { ...s, points: s.points.map((p) => ({ bucket: p.bucket, value: (sum += p.value) })) };
  });
}

/** Mean and highest severity per problem and bucket; a bucket whose observations had no severity has null. */
export function toSeveritySeries(range: ReportRange, rows: readonly SeverityRow[]): SeveritySeries[] {
  const byKey = new Map<string, { label: string; rows: SeverityRow[] }>();
  for (const row of rows) {
    if (row.bucket < 0 || row.bucket >= range.bucketCount) continue;
    const key = row.key.toLowerCase();
    const entry = byKey.get(key) ?? { label: row.key, rows: [] };
    entry.rows.push(row);
    byKey.set(key, entry);
  }
  return [...byKey.entries()]
    .map(([key, { label, rows: own }]) => {
      const count = new Array<number>(range.bucketCount).fill(0);
      const rated = new Array<number>(range.bucketCount).fill(0);
      const sum = new Array<number>(range.bucketCount).fill(0);
      const max = new Array<number | null>(range.bucketCount).fill(null);
      for (const r of own) {
        count[r.bucket]! += r.count;
        rated[r.bucket]! += r.rated;
        sum[r.bucket]! += r.severity_sum ?? 0;
        if (r.severity_max !== null) max[r.bucket] = Math.max(max[r.bucket] ?? r.severity_max, r.severity_max);
      }
      const allRated = rated.reduce((s, v) => s + v, 0);
      return {
        key,
        label,
        total: count.reduce((s, v) => s + v, 0),
        average: allRated ? round(sum.reduce((s, v) => s + v, 0) / allRated) : null,
        points: count.map((c, i) => ({
          bucket: bucketStart(range, i),
          value: rated[i] ? round(sum[i]! / rated[i]!) : null,
          max: max[i] ?? null,
          count: c,
        })),
      };
    })
    .sort(byWeight);
}
