import type { DashboardReport, ReportTemplate, ReportableField, SavedReport, SavedReportSummary } from '@verdant/contract';
import { fullName } from '../../lib/full-name.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { optionsOf } from '../form_templates/form-templates.mapper.js';
import type { ReportRow, ReportSummaryRow } from './saved-reports.repository.js';

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function toSummary(row: ReportSummaryRow): SavedReportSummary {
  return {
    report_id: row.report_id,
    company_id: row.company_id,
    report_name: row.report_name,
    chart_type: row.chart_type,
    report_type: row.report_type,
    room_ids: numbers(row.room_ids),
    filters: record(row.filters),
    data_points: row.data_points,
    created_by: row.created_by,
    created_by_name: fullName(row.first_name, row.last_name),
    created_at: iso(row.created_at),
    dashboard_slot: row.dashboard_slot ?? null,
  };
}

export const toSavedReport = (row: ReportRow): SavedReport => ({
  ...toSummary(row),
  report_data: Array.isArray(row.report_data) ? row.report_data : [],
});

export const toDashboardReport = (row: ReportRow): DashboardReport => ({ ...toSavedReport(row), slot: row.dashboard_slot ?? 0 });

export function toReportTemplate(row: {
  template_id: number; template_name: string; form_category: string; reportable_field_count: string | number | null; last_response_at: Date | string | null;
}): ReportTemplate {
  return {
    TemplateID: row.template_id,
    TemplateName: row.template_name,
    FormCategory: row.form_category,
    reportable_field_count: Number(row.reportable_field_count ?? 0),
    last_response_at: isoOrNull(row.last_response_at),
  };
}

export function toReportableField(row: {
  field_id: number; field_name: string; field_type: string; field_options: unknown; report_id: number | null;
  template_id: number; template_name: string; form_category: string;
}): ReportableField {
  return {
    FieldID: row.field_id,
    FieldName: row.field_name,
    FieldType: row.field_type,
    FieldOptions: optionsOf(row.field_options),
    TemplateID: row.template_id,
    TemplateName: row.template_name,
    FormCategory: row.form_category,
    report_id: row.report_id,
  };
}
