import { describe, expect, it } from 'vitest';
import type { AnyReportAnswer } from '../../../api/reports';
import {
  colourIndexes, compactTable, isEmptyTable, lastYearKey, lastYearOf, OTHERS_KEY, seriesAddUp, seriesByTotal, SUSPECTED_KEY, TARGET_KEY, tableFromData, toReportTable, xAxisKind,
} from '../lib/report-table';

const range = { date_option: 'date_range' as const, start_date: '2026-11-02', end_date: '2026-11-15', granularity: 'week' as const, bucket_days: 7, time_zone: 'UTC', buckets: ['2026-11-02', '2026-11-09'] };
const series = (label: string, values: number[]) => ({ key: label.toLowerCase(), label, total: values.reduce((a, b) => a + b, 0), points: range.buckets.map((bucket, i) => ({ bucket, value: values[i]! })) });

describe('toReportTable', () => {
  it('turns trend series into one row per bucket; a repeated label or one named x gets a number', () => {
    const report: AnyReportAnswer = { kind: 'trends', answer: { status: 'success', range, series: [series('Thrips', [1, 2]), series('Thrips', [0, 5]), series('x', [3, 0])] } };
    expect(toReportTable(report)).toEqual({
      series: ['Thrips', 'Thrips (2)', 'x (2)'],
      rows: [
        { x: '2026-11-02', Thrips: 1, 'Thrips (2)': 0, 'x (2)': 3 },
        { x: '2026-11-09', Thrips: 2, 'Thrips (2)': 5, 'x (2)': 0 },
      ],
    });
  });

  it('adds unreviewed detections as one suspected column, apart from and after what was seen (issue 18)', () => {
    const report: AnyReportAnswer = {
      kind: 'trends',
      answer: { status: 'success', range, series: [series('Thrips', [1, 2])], suspected: [series('Thrips', [4, 0]), series('Aphids', [1, 3])] },
    };
    const table = toReportTable(report);
    expect(table.series).toEqual(['Thrips', SUSPECTED_KEY]);
    expect(table.rows).toEqual([
      { x: '2026-11-02', Thrips: 1, [SUSPECTED_KEY]: 5 },
      { x: '2026-11-09', Thrips: 2, [SUSPECTED_KEY]: 3 },
    ]);
    expect(seriesByTotal(table)).toEqual(['Thrips', SUSPECTED_KEY]);
    // Saved as report_data and read back, the column keeps its key (jsonb takes no NUL).
    expect(tableFromData(JSON.parse(JSON.stringify(table.rows)) as unknown[])).toEqual(table);
    const none: AnyReportAnswer = { kind: 'problem_trends', answer: { status: 'success', range, trends: [series('Thrips', [1, 2])], suspected: [series('Thrips', [0, 0])] } };
    expect(toReportTable(none).series).toEqual(['Thrips']);
  });

  it('draws the crop balance as one column per room with gaps where nothing was registered, and the target after them', () => {
    const point = (bucket: string, value: number | null) => ({ bucket, value, last_year: null, plants_measured: value === null ? 0 : 3 });
    const answer = (target: number | null, values: Array<[string, Array<number | null>]>) => ({
      status: 'success' as const, range, crop: { crop_id: 1, name: 'Tomato' }, indicator: 'growth' as const, unit: 'cm/week', formula: 'Mean weekly growth',
      target: target === null ? null : { target_id: 1, crop_id: 1, indicator: 'growth' as const, value: target },
      series: values.map(([label, v], i) => ({ key: String(i + 1), label, room_id: i + 1, average: null, points: range.buckets.map((b, j) => point(b, v[j]!)) })),
    });
    const table = toReportTable({ kind: 'crop_balance', answer: answer(25, [['House 2', [null, 30]], ['House 1', [21, 22]], [TARGET_KEY, [1, 1]]]) });
    expect(table.series).toEqual(['House 2', 'House 1', `${TARGET_KEY} (2)`, TARGET_KEY]);
    expect(table.rows[0]).toEqual({ x: '2026-11-02', 'House 2': null, 'House 1': 21, [`${TARGET_KEY} (2)`]: 1, [TARGET_KEY]: 25 });
    expect(seriesByTotal(table).at(-1)).toBe(TARGET_KEY);
    // Saved and read back: the gaps stay gaps.
    expect(tableFromData(JSON.parse(JSON.stringify(table.rows)) as unknown[]).rows[0]!['House 2']).toBeNull();
    // A target with nothing registered draws nothing (no lone target line), and is empty.
    const none = toReportTable({ kind: 'crop_balance', answer: answer(25, [['House 1', [null, null]]]) });
    expect(none.series).toEqual(['House 1']);
    expect(isEmptyTable(none)).toBe(true);
    // Indicators never add up into weeks or "Others" on a phone.
    expect(seriesAddUp('crop_balance')).toBe(false);
    expect(seriesAddUp('trends')).toBe(true);
  });

  it('shows each room\'s same week last year in the crop balance table, after its room, kept when saved (issue 24)', () => {
    const answer = {
      status: 'success' as const, range, crop: { crop_id: 1, name: 'Tomato' }, indicator: 'growth' as const, unit: 'cm/week', formula: 'Mean weekly growth',
      target: { target_id: 1, crop_id: 1, indicator: 'growth' as const, value: 25 },
      series: [
        { key: '1', label: 'House 1', room_id: 1, average: null, points: [{ bucket: '2026-11-02', value: 21, last_year: 19.5, plants_measured: 3 }, { bucket: '2026-11-09', value: 22, last_year: null, plants_measured: 3 }] },
        { key: '2', label: 'House 2', room_id: 2, average: null, points: [{ bucket: '2026-11-02', value: 30, last_year: null, plants_measured: 3 }, { bucket: '2026-11-09', value: null, last_year: 27, plants_measured: 0 }] },
      ],
    };
    const table = toReportTable({ kind: 'crop_balance', answer });
    expect(table.series).toEqual(['House 1', lastYearKey('House 1'), 'House 2', lastYearKey('House 2'), TARGET_KEY]);
    expect(table.rows).toEqual([
      { x: '2026-11-02', 'House 1': 21, [lastYearKey('House 1')]: 19.5, 'House 2': 30, [lastYearKey('House 2')]: null, [TARGET_KEY]: 25 },
      { x: '2026-11-09', 'House 1': 22, [lastYearKey('House 1')]: null, 'House 2': null, [lastYearKey('House 2')]: 27, [TARGET_KEY]: 25 },
    ]);
    // Saved (jsonb keeps no key order) and read back: each room's last year right after it, target last.
    const saved = tableFromData(JSON.parse(JSON.stringify(table.rows.map((r) => Object.fromEntries(Object.entries(r).reverse())))) as unknown[]);
    expect(seriesByTotal(saved)).toEqual(['House 1', lastYearKey('House 1'), 'House 2', lastYearKey('House 2'), TARGET_KEY]);
    expect(saved.rows[1]![lastYearKey('House 2')]).toBe(27);
    expect(lastYearOf(lastYearKey('House 2'))).toBe('House 2');
    expect(lastYearOf('House 2')).toBeNull();
    // The last year is drawn in its room's colour; the rooms keep theirs.
    const colours = colourIndexes(seriesByTotal(saved));
    expect([colours.get('House 1'), colours.get(lastYearKey('House 1')), colours.get('House 2'), colours.get(lastYearKey('House 2'))]).toEqual([0, 0, 1, 1]);
  });

  it('keeps a bucket without a severity as null (a gap, not a zero)', () => {
    const report: AnyReportAnswer = {
      kind: 'severity',
      answer: { status: 'success', range, series: [{ key: 'a', label: 'Aphids', total: 1, average: 3, points: [{ bucket: '2026-11-02', value: null, max: null, count: 0 }, { bucket: '2026-11-09', value: 3, max: 3, count: 1 }] }] },
    };
    expect(toReportTable(report).rows).toEqual([{ x: '2026-11-02', Aphids: null }, { x: '2026-11-09', Aphids: 3 }]);
  });

  it('draws crop reports by category with their measures, and treatment effectiveness by week around the application', () => {
    const plantCount: AnyReportAnswer = {
      kind: 'plant_count',
      answer: {
        status: 'success',
        data: [{ group: 'Basil', room_id: null, batches: 2, plants: 400, pre_books: 50, trays: 1, tray_plants: 20 }, { group: '', room_id: null, batches: 1, plants: 10, pre_books: 0, trays: 0, tray_plants: 0 }],
        summary: { group_by: 'crop', batches: 3, plants: 410, pre_books: 50, trays: 1, tray_plants: 20, trays_without_batch: 0, tray_plants_without_batch: 0, batches_without_room: 0, plants_without_room: 0 },
      },
    };
    expect(toReportTable(plantCount)).toEqual({
      series: ['plants', 'pre_books', 'tray_plants'],
      rows: [{ x: 'Basil', plants: 400, pre_books: 50, tray_plants: 20 }, { x: '—', plants: 10, pre_books: 0, tray_plants: 0 }],
    });
    const effect: AnyReportAnswer = {
      kind: 'treatment_effectiveness',
      answer: {
        status: 'success', range, weeks_before: 1, weeks_after: 1,
        data: [{ product_id: 1, product_name: 'Swirskii', applications: 1, treated_boxes: 4, weeks: [{ week: 1, value: 0.5 }, { week: -1, value: 2 }, { week: 0, value: 1 }], before_average: 2, after_average: 0.5, change: -0.75 }],
      },
    };
    expect(toReportTable(effect).rows).toEqual([{ x: -1, Swirskii: 2 }, { x: 0, Swirskii: 1 }, { x: 1, Swirskii: 0.5 }]);
    expect(xAxisKind('treatment_effectiveness')).toBe('week-offset');
    expect(xAxisKind('plant_count')).toBe('category');
    expect(xAxisKind('crop_availability')).toBe('day');
  });
});

describe('tableFromData (a saved report_data)', () => {
  it('reads rows with an x and numeric columns, skipping anything else', () => {
    const table = tableFromData([{ x: '2026-11-02', Thrips: 2, note: 'text' }, 'loose', null, [1], { y: 1 }, { x: '2026-11-09', Thrips: null, Aphids: 7 }]);
    expect(table).toEqual({ series: ['Thrips', 'Aphids'], rows: [{ x: '2026-11-02', Thrips: 2 }, { x: '2026-11-09', Thrips: null, Aphids: 7 }] });
    expect(seriesByTotal(table)).toEqual(['Aphids', 'Thrips']);
  });

  it('is empty with no rows or only zeros', () => {
    expect(isEmptyTable(tableFromData([]))).toBe(true);
    expect(isEmptyTable(tableFromData([{ x: 'a', n: 0 }, { x: 'b', n: null }]))).toBe(true);
    expect(isEmptyTable(tableFromData([{ x: 'a', n: 0 }, { x: 'b', n: 1 }]))).toBe(false);
  });
});

describe('compactTable (a phone’s report)', () => {
  it('sums days into Monday weeks and keeps the three largest series with the rest as Others', () => {
    const rows = ['2026-11-23', '2026-11-24', '2026-11-30'].map((x, i) => ({ x, A: 5, B: 4, C: 3, D: i, E: 1 }));
    const compact = compactTable({ series: ['A', 'B', 'C', 'D', 'E'], rows }, true);
    expect(compact.series).toEqual(['A', 'B', 'C', OTHERS_KEY]);
    expect(compact.rows).toEqual([
      { x: '2026-11-23', A: 10, B: 8, C: 6, [OTHERS_KEY]: 3 },
      { x: '2026-11-30', A: 5, B: 4, C: 3, [OTHERS_KEY]: 3 },
    ]);
  });

  it('never folds the suspected column into Others on a phone', () => {
    const rows = [{ x: '2026-11-23', A: 5, B: 4, C: 3, D: 2, E: 1, [SUSPECTED_KEY]: 9 }];
    const compact = compactTable({ series: ['A', 'B', 'C', 'D', 'E', SUSPECTED_KEY], rows }, false);
    expect(compact.series).toEqual(['A', 'B', 'C', OTHERS_KEY, SUSPECTED_KEY]);
    expect(compact.rows).toEqual([{ x: '2026-11-23', A: 5, B: 4, C: 3, [OTHERS_KEY]: 3, [SUSPECTED_KEY]: 9 }]);
  });

  it('leaves four series or fewer as they are', () => {
    const table = { series: ['A', 'B'], rows: [{ x: '2026-11-23', A: 1, B: 2 }] };
    expect(compactTable(table, false)).toEqual({ series: ['B', 'A'], rows: table.rows });
  });
});
