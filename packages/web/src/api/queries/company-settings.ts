import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_GRID_OPACITY, DEFAULT_STICKYTRAP_RENDER, DASHBOARD_TILES } from '@verdant/contract';
import {
  getAiModels,
  getCompanyAiModel,
  getCompanyAutoRefreshMode,
  getCompanyGridOrder,
  getCompanyLanguage,
  getCompanyOfflineMode,
  getGridOpacity,
  getCompanySuspectedAlerts,
  getStickytrapRender,
} from '../company-settings';
import { getCompanyTimeZone } from '../company-time-zone';
import { offlineRead } from '../offline-read';

/** Query keys of company settings (TkDodo's factory); shared by the shell, overview and settings. */
export const companySettingsKeys = {
  all: (companyId: number) => ['company-settings', companyId] as const,
  gridOrder: (companyId: number) => [...companySettingsKeys.all(companyId), 'grid-order'] as const,
  gridOpacity: (companyId: number) => [...companySettingsKeys.all(companyId), 'grid-opacity'] as const,
  offlineMode: (companyId: number) => [...companySettingsKeys.all(companyId), 'offline-mode'] as const,
  aiModel: (companyId: number) => [...companySettingsKeys.all(companyId), 'ai-model'] as const,
  aiModels: (companyId: number) => [...companySettingsKeys.all(companyId), 'ai-models'] as const,
  timeZone: (companyId: number) => [...companySettingsKeys.all(companyId), 'time-zone'] as const,
  autoRefresh: (companyId: number) => [...companySettingsKeys.all(companyId), 'auto-refresh'] as const,
  language: (companyId: number) => [...companySettingsKeys.all(companyId), 'language'] as const,
  stickyTrap: (companyId: number) => [...companySettingsKeys.all(companyId), 'sticky-trap'] as const,
  suspectedAlerts: (companyId: number) => [...companySettingsKeys.all(companyId), 'suspected-alerts'] as const,
};

export const gridOrderQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.gridOrder(companyId),
    queryFn: async ({ queryKey }) => {
      const order = await offlineRead(companyId, queryKey, () => getCompanyGridOrder(companyId));
      return order.length ? order : [...DASHBOARD_TILES];
    },
    networkMode: 'always',
  });

export const gridOpacityQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.gridOpacity(companyId),
    queryFn: async ({ queryKey }) => (await offlineRead(companyId, queryKey, () => getGridOpacity(companyId))) ?? DEFAULT_GRID_OPACITY,
    networkMode: 'always',
  });

export const offlineModeQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.offlineMode(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCompanyOfflineMode(companyId)),
    networkMode: 'always',
  });

export const aiModelQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.aiModel(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCompanyAiModel(companyId)),
    networkMode: 'always',
  });

export const autoRefreshQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.autoRefresh(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCompanyAutoRefreshMode(companyId)),
    networkMode: 'always',
  });

export const languageQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.language(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCompanyLanguage(companyId)),
    networkMode: 'always',
  });

export const stickyTrapQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.stickyTrap(companyId),
    queryFn: async ({ queryKey }) =>
      (await offlineRead(companyId, queryKey, () => getStickytrapRender(companyId))) ?? DEFAULT_STICKYTRAP_RENDER,
    networkMode: 'always',
  });

/** The models the server offers; the settings screen lists them (not a fixed four). */
export const aiModelsQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.aiModels(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, async () => (await getAiModels(companyId)).models),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });

export const timeZoneQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.timeZone(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCompanyTimeZone(companyId)),
    networkMode: 'always',
  });

/** When suspected problems (unreviewed scans) alert: the settings screen's rule (issue 18). */
export const suspectedAlertsQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.suspectedAlerts(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCompanySuspectedAlerts(companyId)),
    networkMode: 'always',
  });
