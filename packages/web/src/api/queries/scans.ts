import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getScanDetails, getScanHistory, type ScanHistoryFilter } from '../scans';

/** Query keys of scans: a review or a new scan invalidates `all`. */
export const scanKeys = {
  all: (companyId: number) => ['scans', companyId] as const,
  history: (companyId: number, filter: ScanHistoryFilter, page: number) => [...scanKeys.all(companyId), 'history', filter, page] as const,
  detail: (companyId: number, scanId: number) => [...scanKeys.all(companyId), 'detail', scanId] as const,
};

export const scanHistoryQuery = (companyId: number, filter: ScanHistoryFilter, page: number) =>
  queryOptions({
    queryKey: scanKeys.history(companyId, filter, page),
    queryFn: () => getScanHistory(companyId, filter, page),
    placeholderData: keepPreviousData,
  });

export const scanDetailsQuery = (companyId: number, scanId: number) =>
  queryOptions({
    queryKey: scanKeys.detail(companyId, scanId),
    queryFn: () => getScanDetails(companyId, scanId),
    retry: false,
  });
