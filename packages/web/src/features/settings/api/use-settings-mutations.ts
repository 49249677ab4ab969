import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiModel, DashboardTile, Language, SuspectedAlertMode } from '@verdant/contract';
import { ApiError } from '../../../api/api-error';
import {
  setCompanyAiModel,
  setCompanyAutoRefresh,
  setCompanyGridOrder,
  setCompanyLanguage,
  setCompanyOfflineMode,
  setCompanySuspectedAlerts,
  setGridOpacity,
  updateStickytrapRender,
} from '../../../api/company-settings';
import { setCompanyTimeZone } from '../../../api/company-time-zone';
import { companySettingsKeys } from '../../../api/queries/company-settings';
import { useAppDispatch, useAuth } from '../../../state/hooks';
import { autoRefreshChanged, languageChanged, stickyTrapChanged } from '../../../state/preferences-slice';
import { userKeys } from '../../../api/queries/users';

export function useSetTimeZone(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => setCompanyTimeZone(companyId, timeZone),
    onSuccess: (res) => qc.setQueryData(companySettingsKeys.timeZone(companyId), res.time_zone),
  });
}

export function useSetSuspectedAlerts(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rule: { mode: SuspectedAlertMode; min_confidence?: number }) => setCompanySuspectedAlerts(companyId, rule),
    onSuccess: (res) => qc.setQueryData(companySettingsKeys.suspectedAlerts(companyId), res.suspected_alerts),
  });
}

export function useSetAiModel(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: AiModel | string) => setCompanyAiModel(companyId, model),
    onSuccess: (res) => qc.setQueryData(companySettingsKeys.aiModel(companyId), res.ai_model),
  });
}

export function useSetLanguage(companyId: number) {
  const qc = useQueryClient();
  const dispatch = useAppDispatch();
  const { userId } = useAuth();
  return useMutation({
    mutationFn: (language: Language) => setCompanyLanguage(companyId, language),
    onSuccess: (_res, language) => {
      qc.setQueryData(companySettingsKeys.language(companyId), language);
      // The company's default applies to whoever has not chosen their own language: ask again which is in effect.
      if (userId) void qc.invalidateQueries({ queryKey: userKeys.language(userId, companyId) });
      else dispatch(languageChanged(language));
    },
  });
}

export function useSetOfflineMode(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mode: 0 | 1) => setCompanyOfflineMode(companyId, mode),
    onSuccess: (res) => qc.setQueryData(companySettingsKeys.offlineMode(companyId), res.offline_mode),
  });
}

export function useSetAutoRefresh(companyId: number) {
  const qc = useQueryClient();
  const dispatch = useAppDispatch();
  return useMutation({
    mutationFn: (value: 0 | 1) => setCompanyAutoRefresh(companyId, value),
    onSuccess: (res) => {
      qc.setQueryData(companySettingsKeys.autoRefresh(companyId), res.auto_refresh);
      dispatch(autoRefreshChanged(res.auto_refresh === 1 ? 1 : 0));
    },
  });
}

export function useSetStickyTrap(companyId: number) {
  const qc = useQueryClient();
  const dispatch = useAppDispatch();
  return useMutation({
    mutationFn: ({ value, current }: { value: number; current: number | undefined }) =>
      updateStickytrapRender(companyId, value, current),
    onSuccess: (res) => {
      qc.setQueryData(companySettingsKeys.stickyTrap(companyId), res.value);
      dispatch(stickyTrapChanged(res.value));
    },
  });
}

/** The grid-order setter answers an error object instead of throwing; the mutation turns it into an error. */
export function useSetGridOrder(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (order: DashboardTile[]) => {
      const res = await setCompanyGridOrder(companyId, order);
      if (res.status === 'error') throw new ApiError(res.message);
      return res.grid_order;
    },
    onSuccess: (order) => qc.setQueryData(companySettingsKeys.gridOrder(companyId), order),
  });
}

export function useSetGridOpacity(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (opacity: number) => {
      const res = await setGridOpacity(companyId, opacity);
      return res?.grid_opacity ?? opacity;
    },
    onSuccess: (value) => qc.setQueryData(companySettingsKeys.gridOpacity(companyId), value),
  });
}
