import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_GRID_OPACITY, DEFAULT_STICKYTRAP_RENDER, DASHBOARD_TILES } from '@verdant/contract';
import {
  getCompanyAiModel,
  getCompanyAutoRefreshMode,
  getCompanyGridOrder,
  getCompanyLanguage,
  getCompanyOfflineMode,
  getGridOpacity,
  getStickytrapRender,
} from '../company-settings';
import { offlineRead } from '../offline-read';

/** Query keys of company settings (TkDodo's factory); shared by the shell, overview and settings. */
export const companySettingsKeys = {
  all: (companyId: number) => ['company-settings', companyId] as const,
  gridOrder: (companyId: number) => [...companySettingsKeys.all(companyId), 'grid-order'] as const,
  gridOpacity: (companyId: number) => [...companySettingsKeys.all(companyId), 'grid-opacity'] as const,
  offlineMode: (companyId: number) => [...companySettingsKeys.all(companyId), 'offline-mode'] as const,
  aiModel: (companyId: number) => [...companySettingsKeys.all(companyId), 'ai-model'] as const,
  autoRefresh: (companyId: number) => [...companySettingsKeys.all(companyId), 'auto-refresh'] as const,
  language: (companyId: number) => [...companySettingsKeys.all(companyId), 'language'] as const,
  stickyTrap: (companyId: number) => [...companySettingsKeys.all(companyId), 'sticky-trap'] as const,
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
