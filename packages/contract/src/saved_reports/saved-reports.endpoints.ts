import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import {
  ChartType, DashboardReport, DashboardSlotInput, ReportData, ReportFilters, ReportKindInfo, ReportName, ReportRoomIds,
  ReportTemplate, ReportType, ReportableField, SavedReport, SavedReportSummary,
} from './saved-reports.schemas.js';
import { savedReportsMessages as msg } from './saved-reports.messages.js';

// Every role builds and saves reports (spec-2 §6); the dashboard is the company's shared overview, so only
// admins change what everyone sees on it. Deleting is for the report's author or an admin (checked by the service).
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const savedReportsEndpoints = {
  saveReport: defineEndpoint({
    id: 'saveReport', domain: 'saved_reports', method: 'POST', path: '/save_report',
    summary: 'Save a drawn report: its name (unique in the company), chart type, data, rooms, filters and kind',
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({
        company_id: CompanyId,
        room_ids: ReportRoomIds,
        report_name: ReportName,
        chart_type: ChartType,
        report_data: ReportData,
        filters: absentIfBlank(ReportFilters),
        report_type: absentIfBlank(ReportType),
      }),
    },
    response: success({ message: z.string(), report: SavedReport }),
    clientMessages: { failure: msg.saveFailed, unable: msg.saveUnable },
  }),
  getSavedReports: defineEndpoint({
    id: 'getSavedReports', domain: 'saved_reports', method: 'GET', path: '/get_saved_reports',
    summary: "The company's saved reports, newest first, without their data; with report_id also that report in full",
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, report_id: absentIfBlank(Id) }),
    response: success({ reports: z.array(SavedReportSummary), report: SavedReport.optional() }),
    clientMessages: { failure: msg.fetchFailed },
  }),
  deleteReport: defineEndpoint({
    id: 'deleteReport', domain: 'saved_reports', method: 'DELETE', path: '/delete_report',
    summary: 'Delete a saved report (its author or an Admin); a dashboard slot holding it is emptied',
    ...anyone, tenancy: { resource: true },
    either: z.object({ report_id: Id }),
    response: success({ message: z.string(), report_id: z.number(), cleared_slots: z.array(z.number()) }),
  }),
  setDashboardReports: defineEndpoint({
    id: 'setDashboardReports', domain: 'saved_reports', method: 'POST', path: '/set_dashboard_reports',
    summary: 'Pin saved reports to the four dashboard slots: a slot not sent stays, null or blank empties it, an id pins (moving it from another slot)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    either: z.object({
      company_id: CompanyId,
      report_id1: DashboardSlotInput,
      report_id2: DashboardSlotInput,
      report_id3: DashboardSlotInput,
      report_id4: DashboardSlotInput,
    }),
    response: success({ message: z.string(), reports: z.array(DashboardReport) }),
  }),
  getDashboardReports: defineEndpoint({
    id: 'getDashboardReports', domain: 'saved_reports', method: 'GET', path: '/get_dashboard_reports',
    summary: 'The pinned reports in slot order, each in full with its slot',
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ reports: z.array(DashboardReport) }),
  }),
  getReportInfo: defineEndpoint({
    id: 'getReportInfo', domain: 'saved_reports', method: 'GET', path: '/get_report_info',
    summary: 'What the report builder offers: report kinds with their calls and parameters, chart types, date options, defaults and limits',
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({
      report_types: z.array(ReportKindInfo),
      chart_types: z.array(z.string()),
      date_options: z.array(z.string()),
      default_chart_type: z.string(),
      default_date_option: z.string(),
      dashboard_slots: z.number(),
      saved_reports: z.number(),
      saved_reports_max: z.number(),
    }),
  }),
  getReportTemplatesByCompany: defineEndpoint({
    id: 'getReportTemplatesByCompany', domain: 'saved_reports', method: 'GET', path: '/get_report_templates_by_company',
    summary: "The company's form templates (not deleted) by name, with how many of their active fields can be reported on",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ templates: z.array(ReportTemplate) }),
  }),
  getReportableFields: defineEndpoint({
    id: 'getReportableFields', domain: 'saved_reports', method: 'GET', path: '/get_reportable_fields',
    summary: 'Active number, choice, checkbox, severity and sticky-trap-count fields of the company\'s templates (for the field-responses report)',
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ reportable_fields: z.array(ReportableField) }),
  }),
};
