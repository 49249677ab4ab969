import { z } from 'zod';
import { CalendarDate, Id, Int4 } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { CropBalanceIndicator, DATE_OPTIONS, MAX_WEEKS_AGO } from '../reports/reports.schemas.js';
import { PLANT_COUNT_GROUPS } from '../crop_reports/crop-reports.schemas.js';
import { CHART_TYPES, REPORT_TYPES } from './report-kinds.js';

/** Bounds that keep one saved report small enough to list, pin and audit. */
export const REPORT_NAME_MAX = 200;
export const REPORT_ROOMS_MAX = 500;
export const REPORT_DATA_MAX_ITEMS = 5000;
export const REPORT_DATA_MAX_BYTES = 512 * 1024;
export const REPORT_FILTERS_MAX_KEYS = 40;
export const REPORT_FILTERS_MAX_BYTES = 16 * 1024;
/** Saved reports one company may keep; the builder's list stays readable and the list call small. */
export const SAVED_REPORTS_PER_COMPANY_MAX = 500;

const jsonBytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

export const ReportName = z
  .string({ error: 'must be a text' })
  .trim()
  .min(1, { error: 'is required' })
  .max(REPORT_NAME_MAX, { error: `must be at most ${REPORT_NAME_MAX} characters` });

export const ChartType = z.enum(CHART_TYPES, { error: `must be one of ${CHART_TYPES.join(', ')}` });
export const ReportType = z.enum(REPORT_TYPES, { error: `must be one of ${REPORT_TYPES.join(', ')}` });

export const ReportRoomIds = z
  .array(Id, { error: 'must be a list of room ids' })
  .max(REPORT_ROOMS_MAX, { error: `must list at most ${REPORT_ROOMS_MAX} rooms` });

const Label = z.string({ error: 'must be a text' }).max(500, { error: 'must be at most 500 characters' });
const Scalar = z.union([Label, z.number().finite(), z.boolean(), z.null()], { error: 'must be a text, number, true/false or null' });
const ScalarList = z.array(Scalar).max(200, { error: 'must list at most 200 values' });
const ScalarRecord = z.record(z.string().max(200), z.union([Scalar, ScalarList]));

/** One row or point of a drawn report: a value, or an object of values (one level of nesting for series). */
const ReportDatum = z.union([Scalar, z.record(z.string().max(200), z.union([Scalar, ScalarList, ScalarRecord]))], {
  error: 'must hold values, or objects of values',
});

export const ReportData = z
  .array(ReportDatum, { error: 'must be a list' })
  .max(REPORT_DATA_MAX_ITEMS, { error: `must hold at most ${REPORT_DATA_MAX_ITEMS} items` })
  .refine((d) => jsonBytes(d) <= REPORT_DATA_MAX_BYTES, { error: `must be at most ${REPORT_DATA_MAX_BYTES / 1024} KB` });

const ShortText = z.string({ error: 'must be a text' }).trim().max(200, { error: 'must be at most 200 characters' });
const TextList = z.array(ShortText, { error: 'must be a list' }).max(200, { error: 'must list at most 200 values' });
const IdList = z.array(Id, { error: 'must be a list of ids' }).max(REPORT_ROOMS_MAX, { error: `must list at most ${REPORT_ROOMS_MAX} ids` });

/**
 * A saved report's filters: the parameters its report call was drawn with. Known names are checked as the
 * report calls check them; anything else must be a plain value or a short list, so a client may keep its
 * own view settings here without it growing into a second report_data.
 */
export const ReportFilters = z
  .object({
    date_option: absentIfBlank(z.enum(DATE_OPTIONS, { error: `must be one of ${DATE_OPTIONS.join(', ')}` })),
    weeks_ago: absentIfBlank(Int4(0).max(MAX_WEEKS_AGO, { error: `must be at most ${MAX_WEEKS_AGO}` })),
    start_date: absentIfBlank(CalendarDate),
    end_date: absentIfBlank(CalendarDate),
    problem: absentIfBlank(ShortText),
    problems: absentIfBlank(TextList),
    plant_problems: absentIfBlank(TextList),
    FieldID: absentIfBlank(Id),
    room_id: absentIfBlank(Id),
    batch_id: absentIfBlank(Id),
    batchid: absentIfBlank(Id),
    batch_ids: absentIfBlank(IdList),
    batch_statuses: absentIfBlank(TextList),
    strain_names: absentIfBlank(TextList),
    group_by: absentIfBlank(z.enum(PLANT_COUNT_GROUPS, { error: `must be one of ${PLANT_COUNT_GROUPS.join(', ')}` })),
    form_category: absentIfBlank(ShortText),
    specificForm: absentIfBlank(ShortText),
    crop_id: absentIfBlank(Id),
    indicator: absentIfBlank(CropBalanceIndicator),
  }, { error: 'must be an object' })
  .catchall(z.union([Scalar, ScalarList], { error: 'must be a text, number, true/false, null or a short list' }))
  .superRefine((f, ctx) => {
    if (Object.keys(f).length > REPORT_FILTERS_MAX_KEYS) {
      ctx.addIssue({ code: 'custom', message: `must have at most ${REPORT_FILTERS_MAX_KEYS} entries` });
    } else if (jsonBytes(f) > REPORT_FILTERS_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${REPORT_FILTERS_MAX_BYTES / 1024} KB` });
    }
    // Spec-2 §5: for date_range filters start and end dates are required.
    if (f.date_option === 'date_range') {
      for (const key of ['start_date', 'end_date'] as const) {
        if (!f[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required for date_range' });
      }
    }
    if (f.start_date && f.end_date && f.start_date > f.end_date) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'must not be after end_date' });
    }
  });
export type ReportFilters = z.output<typeof ReportFilters>;

/** A saved report without its data: what lists show. */
export const SavedReportSummary = z.object({
  report_id: z.number(),
  company_id: z.number(),
  report_name: z.string(),
  chart_type: z.string(),
  report_type: z.string(),
  room_ids: z.array(z.number()),
  filters: z.record(z.string(), z.unknown()),
  /** How many items report_data holds. */
  data_points: z.number(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Slot 1–4 on the dashboard, or null when not pinned. */
  dashboard_slot: z.number().nullable(),
});
export type SavedReportSummary = z.infer<typeof SavedReportSummary>;

export const SavedReport = SavedReportSummary.extend({ report_data: z.array(z.unknown()) });
export type SavedReport = z.infer<typeof SavedReport>;

/** A pinned report with its slot. */
export const DashboardReport = SavedReport.extend({ slot: z.number() });
export type DashboardReport = z.infer<typeof DashboardReport>;

/** A dashboard slot as sent: absent leaves it, null or blank empties it, an id pins that report there. */
export const DashboardSlotInput = z.preprocess(
  (v) => ((typeof v === 'string' && (v.trim() === '' || v === 'null')) ? null : v),
  Id.nullable().optional(),
);

/** A report kind as the builder offers it: the call that draws it and that call's parameters. */
export const ReportKindInfo = z.object({
  report_type: z.string(),
  method: z.string(),
  path: z.string(),
  date_options: z.array(z.string()),
  parameters: z.array(z.object({ name: z.string(), required: z.boolean() })),
});

export const ReportTemplate = z.object({
  TemplateID: z.number(),
  TemplateName: z.string(),
  FormCategory: z.string(),
  /** Active fields whose answers can be reported on. */
  reportable_field_count: z.number(),
  /** When the template last received an answer, or null. */
  last_response_at: z.string().nullable(),
});
export type ReportTemplate = z.infer<typeof ReportTemplate>;

export const ReportableField = z.object({
  FieldID: z.number(),
  FieldName: z.string(),
  FieldType: z.string(),
  FieldOptions: z.array(z.string()),
  TemplateID: z.number(),
  TemplateName: z.string(),
  FormCategory: z.string(),
  report_id: z.number().nullable(),
});
export type ReportableField = z.infer<typeof ReportableField>;
