import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getScanDetails, getScanHistory, getScanModelAgreement, getScanQuality, type ScanHistoryFilter } from '../scans';

/** Query keys of scans: a review or a new scan invalidates `all`. */
export const scanKeys = {
  all: (companyId: number) => ['scans', companyId] as const,
  history: (companyId: number, filter: ScanHistoryFilter, page: number) => [...scanKeys.all(companyId), 'history', filter, page] as const,
  detail: (companyId: number, scanId: number) => [...scanKeys.all(companyId), 'detail', scanId] as const,
  /** Scan quality and a scan's model agreement: every review or correction changes them (under `all`). */
  quality: (companyId: number) => [...scanKeys.all(companyId), 'quality'] as const,
  agreement: (companyId: number, scanId: number) => [...scanKeys.all(companyId), 'agreement', scanId] as const,
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

/** Scan quality (Admins): per model version and problem, how reviewers answered. */
export const scanQualityQuery = (companyId: number) =>
  queryOptions({ queryKey: scanKeys.quality(companyId), queryFn: () => getScanQuality(companyId) });

/** The field agreement of the model that analysed one scan (the scan page's warning). */
export const scanModelAgreementQuery = (companyId: number, scanId: number) =>
  queryOptions({ queryKey: scanKeys.agreement(companyId, scanId), queryFn: () => getScanModelAgreement(companyId, scanId), retry: false });
