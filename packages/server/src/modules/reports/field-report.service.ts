import { bucketStart, reportsMessages as msg, toWireRange, type DateOption, type ReportRange, type TrendSeries, type EndpointInput, type reportsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { splitList } from '../../lib/split-list.js';
import { defaultWeeks, resolveRange } from './report-range.js';
import * as repo from './trends.repository.js';
import { toSeries } from './reports.mapper.js';

type Input<K extends keyof typeof reportsEndpoints> = EndpointInput<(typeof reportsEndpoints)[K]>;

const ALL_OPTIONS: readonly DateOption[] = ['weeks_ago', 'date_range', 'batch_related_date'];
/** Answers that are numbers: charted as their average, total and count per bucket. */
const NUMERIC_TYPES = new Set(['number', 'sticky-trap-count']);
/** Answers no chart can show. */
const UNCHARTABLE_TYPES = new Set(['photo', 'coordinates']);
const LIST_TYPES = new Set(['multi-select', 'problem']);
const TRUE = new Set(['1', 'true', 'yes', 'on']);
/** At most this many answer series (a free-text field has many); the rest are summed as 'Other'. */
export const MAX_ANSWER_SERIES = 50;

const round = (n: number) => Math.round(n * 1000) / 1000;

function numericSeries(range: ReportRange, rows: repo.NumericRow[]): TrendSeries[] {
  const count = new Array<number>(range.bucketCount).fill(0);
  const total = new Array<number>(range.bucketCount).fill(0);
  for (const r of rows) {
    if (r.bucket < 0 || r.bucket >= range.bucketCount) continue;
    count[r.bucket] = r.count;
    total[r.bucket] = r.total;
  }
  const line = (key: string, label: string, values: number[], sum: number): TrendSeries => ({
    key,
    label,
    total: round(sum),
    points: values.map((value, i) => ({ bucket: bucketStart(range, i), value: round(value) })),
  });
  const n = count.reduce((s, v) => s + v, 0);
  const sum = total.reduce((s, v) => s + v, 0);
  return [
    line('average', 'Average', total.map((t, i) => (count[i] ? t / count[i]! : 0)), n ? sum / n : 0),
    line('total', 'Total', total, sum),
    line('count', 'Responses', count, n),
  ];
}

/** One answer row per item of a list answer, checkboxes as true/false. */
function answerItems(fieldType: string, rows: repo.CountRow[]): repo.CountRow[] {
  if (fieldType === 'checkbox') return rows.map((r) => ({ ...r, key: TRUE.has(r.key.toLowerCase()) ? 'true' : 'false' }));
  if (!LIST_TYPES.has(fieldType)) return rows;
  return rows.flatMap((r) => splitList(r.key).map((item) => ({ ...r, key: item })));
}

function capped(range: ReportRange, series: TrendSeries[]): TrendSeries[] {
  if (series.length <= MAX_ANSWER_SERIES) return series;
  const rest = series.slice(MAX_ANSWER_SERIES - 1);
  const other = {
    key: '__other__',
    label: 'Other',
    total: rest.reduce((s, x) => s + x.total, 0),
    points: Array.from({ length: range.bucketCount }, (_, i) => ({
      bucket: bucketStart(range, i),
      value: rest.reduce((s, x) => s + x.points[i]!.value, 0),
    })),
  };
  return [...series.slice(0, MAX_ANSWER_SERIES - 1), other];
}

export async function fieldResponsesReport(
  deps: Deps,
  caller: Caller,
  input: Input<'getFieldResponsesReport'>,
) {
  const range = resolveRange(input, { options: ALL_OPTIONS, whenAbsent: defaultWeeks() });
  const field = await repo.findField(deps.db, caller.company_id, input.FieldID);
  if (!field) throw notFound('Field');
  if (UNCHARTABLE_TYPES.has(field.field_type)) throw badRequest(msg.fieldNotReportable, 'FieldID');
  if (input.batchid !== undefined && !(await repo.findBatch(deps.db, caller.company_id, input.batchid))) throw notFound('Batch');
  let rooms: repo.AnswerFilter['rooms'];
  if (input.room_id !== undefined) {
    const found = await repo.roomsWithGrids(deps.db, caller.company_id, [input.room_id]);
    if (!found.rooms.length) throw notFound('Room');
    rooms = { roomIds: [input.room_id], gridIds: found.grids.map((g) => g.grid_id) };
  }
  const filter = {
    companyId: caller.company_id,
    fieldId: field.field_id,
    range,
    rooms,
    batchId: input.batchid,
    batchOnly: range.option === 'batch_related_date',
  };
  const grouped_data = NUMERIC_TYPES.has(field.field_type)
    ? numericSeries(range, await repo.run(deps.db, repo.numericAnswers(filter)))
    : capped(range, toSeries(range, answerItems(field.field_type, await repo.run(deps.db, repo.answersByValue(filter)))));
  return {
    status: 'success' as const,
    range: toWireRange(range),
    field: { FieldID: field.field_id, FieldName: field.field_name, FieldType: field.field_type },
    grouped_data,
  };
}
