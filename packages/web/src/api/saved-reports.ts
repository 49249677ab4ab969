import { savedReportsEndpoints as ep, savedReportsMessages as msg, type EndpointRequest } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export type SaveReportInput = EndpointRequest<typeof ep.saveReport>;

/** POST /save_report (JSON): the saved report. Rejects with the server's text, else 'Failed to Save Report'. */
export async function saveReport(input: SaveReportInput, idempotencyKey: string) {
  const res = await withFallback(msg.saveFailed, () => callEndpoint(ep.saveReport, input, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
  return res.report;
}

/** GET /get_saved_reports?company_id: the company's saved reports, newest first, without their data. */
export async function getSavedReports(companyId: number) {
  return (await withFallback(msg.fetchFailed, () => callEndpoint(ep.getSavedReports, { company_id: companyId }))).reports;
}

/** GET /get_saved_reports?company_id&report_id: one report in full, null when the company has no such report. */
export async function getSavedReport(companyId: number, reportId: number) {
  const res = await withFallback(msg.fetchFailed, () => callEndpoint(ep.getSavedReports, { company_id: companyId, report_id: reportId }));
  return res.report ?? null;
}

/** DELETE /delete_report (report_id in the body): the slots it was pinned to are emptied. */
export async function deleteReport(reportId: number) {
  return callEndpoint(ep.deleteReport, { report_id: reportId });
}

export type DashboardSlots = Pick<EndpointRequest<typeof ep.setDashboardReports>, 'report_id1' | 'report_id2' | 'report_id3' | 'report_id4'>;

/** POST /set_dashboard_reports (company_id, report_id1…4): a slot sent as null is emptied, one not sent stays. */
export async function setDashboardReports(companyId: number, slots: DashboardSlots) {
  return (await callEndpoint(ep.setDashboardReports, { company_id: companyId, ...slots })).reports;
}

/** GET /get_dashboard_reports?company_id: the pinned reports, in slot order. */
export async function getDashboardReports(companyId: number) {
  return (await callEndpoint(ep.getDashboardReports, { company_id: companyId })).reports;
}

/** GET /get_report_info?company_id: the kinds the builder offers, chart types, date options, defaults, limits. */
export async function getReportInfo(companyId: number) {
  return callEndpoint(ep.getReportInfo, { company_id: companyId });
}

/** GET /get_reportable_fields?company_id: fields whose answers can be charted (field-responses report). */
export async function getReportableFields(companyId: number) {
  return (await callEndpoint(ep.getReportableFields, { company_id: companyId })).reportable_fields;
}
