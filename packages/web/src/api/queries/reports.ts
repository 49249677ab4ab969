import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportTypeName } from '@verdant/contract';
import { runReport, type ReportParams } from '../reports';

/**
 * Query keys of drawn reports: one entry per kind and parameters. Report data is read, never written,
 * so nothing invalidates it; a minute's staleness keeps switching chart types free.
 */
export const reportKeys = {
  all: (companyId: number) => ['reports', companyId] as const,
  run: (companyId: number, kind: ReportTypeName, params: ReportParams) => [...reportKeys.all(companyId), kind, params] as const,
};

/** One report drawn with its parameters; the previous answer stays on screen while new parameters load. */
export const reportRunQuery = (companyId: number, kind: ReportTypeName, params: ReportParams) =>
  queryOptions({
    queryKey: reportKeys.run(companyId, kind, params),
    queryFn: () => runReport(kind, companyId, params),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
