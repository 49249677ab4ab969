import { queryOptions } from '@tanstack/react-query';
import { getDashboardReports, getReportableFields, getReportInfo, getSavedReport, getSavedReports } from '../saved-reports';
import { offlineRead } from '../offline-read';

/**
 * Query keys of saved reports (TkDodo's factory). The reports screen and the overview's pinned reports
 * read these; saving, deleting and pinning invalidate `all`, so both refresh.
 */
export const savedReportKeys = {
  all: (companyId: number) => ['saved-reports', companyId] as const,
  list: (companyId: number) => [...savedReportKeys.all(companyId), 'list'] as const,
  detail: (companyId: number, reportId: number) => [...savedReportKeys.all(companyId), 'detail', reportId] as const,
  dashboard: (companyId: number) => [...savedReportKeys.all(companyId), 'dashboard'] as const,
  info: (companyId: number) => ['report-builder', companyId, 'info'] as const,
  fields: (companyId: number) => ['report-builder', companyId, 'reportable-fields'] as const,
};

export const savedReportsQuery = (companyId: number) =>
  queryOptions({
    queryKey: savedReportKeys.list(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getSavedReports(companyId)),
    networkMode: 'always',
  });

export const savedReportQuery = (companyId: number, reportId: number) =>
  queryOptions({
    queryKey: savedReportKeys.detail(companyId, reportId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getSavedReport(companyId, reportId)),
    networkMode: 'always',
  });

/** The four dashboard slots' reports in slot order (spec-2 §9), kept on the device for the overview offline. */
export const dashboardReportsQuery = (companyId: number) =>
  queryOptions({
    queryKey: savedReportKeys.dashboard(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getDashboardReports(companyId)),
    networkMode: 'always',
  });

/**
 * What the builder offers (kinds, chart types, date options); changes only with a new server version.
 * Kept on the device like the saved list, so the screen opens offline (drawing a report needs the server).
 */
export const reportInfoQuery = (companyId: number) =>
  queryOptions({
    queryKey: savedReportKeys.info(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getReportInfo(companyId)),
    networkMode: 'always',
    staleTime: 30 * 60_000,
  });

export const reportableFieldsQuery = (companyId: number) =>
  queryOptions({
    queryKey: savedReportKeys.fields(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getReportableFields(companyId)),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
