import { mondayOf, type ReportTypeName, type TrendSeries } from '@verdant/contract';
import type { AnyReportAnswer } from '../../../api/reports';

/** The column that holds a row's place on the x axis: a day (YYYY-MM-DD), a category, or a week offset. */
export const X_KEY = 'x';

export type ReportValue = number | null;
export type ReportRow = { [X_KEY]: string | number } & { [series: string]: string | number | null };

/**
 * A report as a table: one row per x value, one numeric column per series. This is what a saved
 * report keeps as `report_data` (flat objects of values, as the contract allows), what the chart
 * draws and what the CSV holds, so a pinned report draws the same without running the call again.
 */
export interface ReportTable {
  series: string[];
  rows: ReportRow[];
}

export type XAxisKind = 'day' | 'category' | 'week-offset';

const CATEGORY_KINDS: readonly ReportTypeName[] = ['crop_status', 'plant_count', 'crop_status_by_variety'];

/** How a kind's x values read: days for trends and harvest weeks, categories for crop counts. */
export function xAxisKind(kind: string): XAxisKind {
  if (kind === 'treatment_effectiveness') return 'week-offset';
  return (CATEGORY_KINDS as readonly string[]).includes(kind) ? 'category' : 'day';
}

/** Series whose values are the kind's own measures (plants, pre-booked…), named by key and translated when shown. */
export function hasMeasureSeries(kind: string): boolean {
  return kind === 'crop_status' || kind === 'plant_count' || kind === 'crop_availability';
}

const PROBLEM_KINDS: readonly string[] = ['trends', 'cumulative', 'specific', 'single_problem', 'severity', 'problem_trends'];

/** Series named by a problem (stored as its English library name): shown in the reader's language and its colour. */
export function hasProblemSeries(kind: string): boolean {
  return PROBLEM_KINDS.includes(kind);
}

/** Unique column names: a label that repeats, or that is the x column's own name, gets a number after it. */
function uniqueNames(labels: readonly string[]): string[] {
  // The x column and the drawn-apart columns' keys are taken: a room or problem of that name gets a number.
  const seen = new Set<string>([X_KEY, SUSPECTED_KEY, TARGET_KEY]);
  return labels.map((label) => {
    let name = label.trim() || '—';
    for (let n = 2; seen.has(name); n++) name = `${label.trim() || '—'} (${n})`;
    seen.add(name);
    return name;
  });
}

function fromSeries(series: ReadonlyArray<Pick<TrendSeries, 'label'> & { points: ReadonlyArray<{ bucket: string; value: number | null }> }>, buckets?: readonly string[]): ReportTable {
  const names = uniqueNames(series.map((s) => s.label));
  const order = buckets ?? [...new Set(series.flatMap((s) => s.points.map((p) => p.bucket)))].sort();
  const byBucket = new Map<string, ReportRow>(order.map((b) => [b, { [X_KEY]: b }]));
  series.forEach((s, i) => {
    for (const p of s.points) {
      const row = byBucket.get(p.bucket) ?? { [X_KEY]: p.bucket };
      row[names[i]!] = p.value;
      byBucket.set(p.bucket, row);
    }
  });
  const rows = [...byBucket.values()];
  for (const row of rows) for (const n of names) if (!(n in row)) row[n] = 0;
  return { series: names, rows };
}

/**
 * The column of suspected problems (unreviewed scan and camera detections, issue 18): their count per
 * bucket over all problems, drawn apart from what was seen (a grey dashed line), never stacked with it and
 * never folded into "Others". A plain key, as saved reports keep it in `report_data` (jsonb takes no NUL).
 */
export const SUSPECTED_KEY = '~suspected';

type PointSeries = ReadonlyArray<{ points: ReadonlyArray<{ bucket: string; value: number | null }> }>;

/** Adds the suspected column to a trends table when any detection waits for review; else the table as it is. */
function withSuspected(table: ReportTable, suspected: PointSeries | undefined): ReportTable {
  const sums = new Map<string, number>();
  for (const s of suspected ?? []) for (const p of s.points) if (p.value) sums.set(p.bucket, (sums.get(p.bucket) ?? 0) + p.value);
  if (sums.size === 0) return table;
  const known = new Set(table.rows.map((r) => String(r[X_KEY])));
  const extra = [...sums.keys()].filter((b) => !known.has(b)).map((b): ReportRow => Object.fromEntries([[X_KEY, b], ...table.series.map((n) => [n, 0])]));
  const rows = [...table.rows, ...extra].sort((a, b) => String(a[X_KEY]).localeCompare(String(b[X_KEY])));
  return { series: [...table.series, SUSPECTED_KEY], rows: rows.map((r) => ({ ...r, [SUSPECTED_KEY]: sums.get(String(r[X_KEY])) ?? 0 })) };
}

function fromCategories<T>(items: readonly T[], x: (item: T) => string | number, measures: Record<string, (item: T) => number>): ReportTable {
  const series = Object.keys(measures);
  const rows = items.map((item) => {
    const row: ReportRow = { [X_KEY]: x(item) };
    for (const key of series) row[key] = measures[key]!(item);
    return row;
  });
  return { series, rows };
}

/**
 * The column of the grower's target in a crop balance report (issue 24): the same value in every week, drawn as a
 * dashed line beside the rooms'. A plain key, as SUSPECTED_KEY.
 */
export const TARGET_KEY = '~target';

/** Kinds whose series are figures per week (indicators), not counts: never added up into weeks or "Others". */
export function seriesAddUp(kind: string): boolean {
  return kind !== 'crop_balance';
}

/**
 * The crop balance: one row per Monday week, one column per room (null where nothing was registered that week, so
 * the line breaks instead of dropping to 0), and the target column when the grower set one and a room has a value.
 */
function cropBalance(answer: {
  range: { buckets: string[] };
  target: { value: number } | null;
  series: ReadonlyArray<{ label: string; points: ReadonlyArray<{ bucket: string; value: number | null; last_year: number | null }> }>;
}): ReportTable {
  let table = fromSeries(answer.series, answer.range.buckets);
  // The same week last year, per room, when any room has one: each room's column then its last year's.
  if (answer.series.some((s) => s.points.some((p) => p.last_year !== null))) {
    const lastYear = fromSeries(answer.series.map((s) => ({ label: s.label, points: s.points.map((p) => ({ bucket: p.bucket, value: p.last_year })) })), answer.range.buckets);
    table = {
      series: table.series.flatMap((s) => [s, lastYearKey(s)]),
      rows: table.rows.map((r, i) => ({ ...r, ...Object.fromEntries(lastYear.series.map((s) => [lastYearKey(s), lastYear.rows[i]![s] ?? null])) })),
    };
  }
  const anyValue = table.rows.some((r) => table.series.some((s) => typeof r[s] === 'number'));
  if (!answer.target || !anyValue) return table;
  const target = answer.target.value;
  return { series: [...table.series, TARGET_KEY], rows: table.rows.map((r) => ({ ...r, [TARGET_KEY]: target })) };
}

/**
 * A crop balance room's column of the same week last year (issue 24): the room's column name after this prefix, so
 * a saved report's table and CSV keep which room it belongs to. Drawn dashed in the room's colour.
 */
export const LAST_YEAR_PREFIX = '~last_year:';
export const lastYearKey = (room: string) => `${LAST_YEAR_PREFIX}${room}`;
/** The room a last-year column belongs to, or null for any other column. */
export const lastYearOf = (key: string): string | null => (key.startsWith(LAST_YEAR_PREFIX) ? key.slice(LAST_YEAR_PREFIX.length) : null);

/**
 * Each series' place among the colours: a crop balance room's last-year column takes its room's, and does not
 * count itself (so the rooms keep the colours they have without it).
 */
export function colourIndexes(series: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  let next = 0;
  for (const s of series) if (lastYearOf(s) === null) out.set(s, next++);
  for (const s of series) {
    const room = lastYearOf(s);
    if (room !== null) out.set(s, out.get(room) ?? next++);
  }
  return out;
}

/** Any report answer as a table (see ReportTable). */
export function toReportTable(report: AnyReportAnswer): ReportTable {
  switch (report.kind) {
    case 'problem_trends':
      return withSuspected(fromSeries(report.answer.trends, report.answer.range.buckets), report.answer.suspected);
    case 'trends':
      return withSuspected(fromSeries(report.answer.series, report.answer.range.buckets), report.answer.suspected);
    case 'cumulative':
    case 'specific':
    case 'single_problem':
    case 'severity':
      return fromSeries(report.answer.series, report.answer.range.buckets);
    case 'field_responses':
      return fromSeries(report.answer.grouped_data, report.answer.range.buckets);
    case 'gutter':
      return fromSeries(report.answer.data, report.answer.range.buckets);
    case 'crop_balance':
      return cropBalance(report.answer);
    case 'treatment_effectiveness':
      return weekOffsets(report.answer.data);
    case 'crop_status':
      return fromCategories(report.answer.status_summary, (s) => s.batch_status, { plants: (s) => s.plants, pre_books: (s) => s.pre_books, batches: (s) => s.batches });
    case 'plant_count':
      return fromCategories(report.answer.data, (r) => r.group || '—', { plants: (r) => r.plants, pre_books: (r) => r.pre_books, tray_plants: (r) => r.tray_plants });
    case 'crop_availability':
      return fromCategories(report.answer.weeks, (w) => w.week_start, { plants: (w) => w.plants, pre_books: (w) => w.pre_books, available: (w) => w.available });
    case 'crop_status_by_variety': {
      const statuses = [...new Set(report.answer.data.flatMap((v) => v.statuses.map((s) => s.batch_status)))];
      const names = uniqueNames(statuses);
      const rows = report.answer.data.map((v) => {
        const row: ReportRow = { [X_KEY]: v.strain_name };
        statuses.forEach((s, i) => (row[names[i]!] = v.statuses.find((x) => x.batch_status === s)?.plants ?? 0));
        return row;
      });
      return { series: names, rows };
    }
  }
}

/** Treatment effectiveness: one row per week around the application (−N … N), one column per product. */
function weekOffsets(products: ReadonlyArray<{ product_name: string; weeks: ReadonlyArray<{ week: number; value: number }> }>): ReportTable {
  const names = uniqueNames(products.map((p) => p.product_name));
  const weeks = [...new Set(products.flatMap((p) => p.weeks.map((w) => w.week)))].sort((a, b) => a - b);
  const rows = weeks.map((week) => {
    const row: ReportRow = { [X_KEY]: week };
    products.forEach((p, i) => (row[names[i]!] = p.weeks.find((w) => w.week === week)?.value ?? 0));
    return row;
  });
  return { series: names, rows };
}

/**
 * Reads a saved report's `report_data` back as a table: rows are objects with an `x` and numeric (or
 * null) columns. Anything else (a report saved by another client) gives no rows, and the chart says so.
 */
export function tableFromData(data: readonly unknown[]): ReportTable {
  const rows: ReportRow[] = [];
  const series: string[] = [];
  const seen = new Set<string>();
  for (const item of data) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const record = item as Record<string, unknown>;
    const x = record[X_KEY];
    if (typeof x !== 'string' && typeof x !== 'number') continue;
    const row: ReportRow = { [X_KEY]: x };
    for (const [key, value] of Object.entries(record)) {
      if (key === X_KEY || !(typeof value === 'number' || value === null)) continue;
      row[key] = value;
      if (!seen.has(key)) {
        seen.add(key);
        series.push(key);
      }
    }
    rows.push(row);
  }
  return { series, rows };
}

/**
 * Series ordered by their total, largest first (a crop balance room's last year after its room; suspected and target
 * last): the database does not keep a saved row's key order.
 */
export function seriesByTotal(table: ReportTable): string[] {
  const total = (s: string) => table.rows.reduce((sum, r) => sum + (typeof r[s] === 'number' ? (r[s] as number) : 0), 0);
  const last = [SUSPECTED_KEY, TARGET_KEY].filter((k) => table.series.includes(k));
  const lastYear = new Set(table.series.filter((s) => lastYearOf(s) !== null));
  const seen = table.series.filter((s) => !last.includes(s) && !lastYear.has(s)).sort((a, b) => total(b) - total(a) || a.localeCompare(b));
  // A crop balance room's last year right after the room (one whose room is missing, after the rooms).
  const placed = seen.flatMap((s) => (lastYear.has(lastYearKey(s)) ? [s, lastYearKey(s)] : [s]));
  return [...placed, ...[...lastYear].filter((s) => !placed.includes(s)), ...last];
}

/** True when every value of every series is zero or missing: "no observations in this period". */
export function isEmptyTable(table: ReportTable): boolean {
  return table.rows.length === 0 || table.series.every((s) => table.rows.every((r) => !r[s]));
}

/** The series key of everything after the top ones on a phone ("Others"). */
export const OTHERS_KEY = '\u0000others';

/**
 * A phone's readable version of a report (issue 20: a daily line with eight series): days summed into their
 * Monday weeks, and the `top` largest series kept with the rest added up as one "Others" series.
 */
export function compactTable(table: ReportTable, weekly: boolean, top = 3): ReportTable {
  let rows = table.rows;
  if (weekly) {
    const byWeek = new Map<string, ReportRow>();
    for (const r of rows) {
      const monday = mondayOf(String(r[X_KEY]));
      const w = byWeek.get(monday) ?? { [X_KEY]: monday };
      for (const s of table.series) w[s] = (Number(w[s]) || 0) + (Number(r[s]) || 0);
      byWeek.set(monday, w);
    }
    rows = [...byWeek.values()];
  }
  const all = seriesByTotal({ series: table.series, rows });
  const suspected = all.includes(SUSPECTED_KEY) ? [SUSPECTED_KEY] : [];
  const ranked = all.filter((s) => s !== SUSPECTED_KEY);
  if (ranked.length <= top + 1) return { series: all, rows };
  const kept = [...ranked.slice(0, top), ...suspected];
  const rest = ranked.slice(top);
  return {
    series: [...kept.slice(0, top), OTHERS_KEY, ...suspected],
    rows: rows.map((r) => {
      const out: ReportRow = { [X_KEY]: r[X_KEY] };
      for (const s of kept) out[s] = r[s] ?? 0;
      out[OTHERS_KEY] = rest.reduce((sum, s) => sum + (Number(r[s]) || 0), 0);
      return out;
    }),
  };
}
