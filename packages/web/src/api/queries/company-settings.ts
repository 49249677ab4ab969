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
    queryFn: async () => {
      const order = await getCompanyGridOrder(companyId);
      return order.length ? order : [...DASHBOARD_TILES];
    },
  });

export const gridOpacityQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.gridOpacity(companyId),
    queryFn: async () => (await getGridOpacity(companyId)) ?? DEFAULT_GRID_OPACITY,
  });

export const offlineModeQuery = (companyId: number) =>
  queryOptions({ queryKey: companySettingsKeys.offlineMode(companyId), queryFn: () => getCompanyOfflineMode(companyId) });

export const aiModelQuery = (companyId: number) =>
  queryOptions({ queryKey: companySettingsKeys.aiModel(companyId), queryFn: () => getCompanyAiModel(companyId) });

export const autoRefreshQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.autoRefresh(companyId),
    queryFn: () => getCompanyAutoRefreshMode(companyId),
  });

export const languageQuery = (companyId: number) =>
  queryOptions({ queryKey: companySettingsKeys.language(companyId), queryFn: () => getCompanyLanguage(companyId) });

export const stickyTrapQuery = (companyId: number) =>
  queryOptions({
    queryKey: companySettingsKeys.stickyTrap(companyId),
    queryFn: async () => (await getStickytrapRender(companyId)) ?? DEFAULT_STICKYTRAP_RENDER,
  });
