import type { HttpClient } from './http-client';
import {
  scansEndpoints,
  companySettingsEndpoints as ep,
  companySettingsMessages as msg,
  type AiModel,
  type DashboardTile,
  type Language,
  type SuspectedAlertMode,
} from '@verdant/contract';
import { ApiError, errorMessage, toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { httpPrivate } from './http';

type CompanyId = number | null | undefined;

/** Company-settings failures are logged and rethrown (spec-1 §8). */
async function logged<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    console.error(`${name} failed:`, errorMessage(err));
    throw err;
  }
}

function requireCompany(companyId: CompanyId, message: string): number {
  if (!companyId) throw new ApiError(message);
  return companyId;
}

/** GET /get_company_thresholds: the answer as is. */
export function getCompanyThresholds(companyId: number) {
  return logged('getCompanyThresholds', () => callEndpoint(ep.getCompanyThresholds, { company_id: companyId }));
}

export interface SettingsErrorObject {
  status: 'error';
  message: string;
}

/**
 * POST /set_company_grid_order (multipart grid_order). Never throws: missing arguments and failures
 * come back as an error object (spec-1 §5, §7).
 */
export async function setCompanyGridOrder(
  companyId: CompanyId,
  gridOrder: readonly DashboardTile[] | null | undefined,
  client: HttpClient | null | undefined = httpPrivate,
) {
  if (!companyId) return { status: 'error', message: msg.gridOrderMissingCompany } satisfies SettingsErrorObject;
  if (gridOrder === undefined || gridOrder === null) {
    return { status: 'error', message: msg.gridOrderMissingOrder } satisfies SettingsErrorObject;
  }
  if (!client) return { status: 'error', message: msg.gridOrderMissingClient } satisfies SettingsErrorObject;
  try {
    return await callEndpoint(ep.setCompanyGridOrder, { company_id: companyId, grid_order: JSON.stringify(gridOrder) }, client);
  } catch (err) {
    const e = toApiError(err);
    console.error('setCompanyGridOrder failed:', e.message);
    return { status: 'error', message: e.fromServer ? e.message : msg.gridOrderFailed } satisfies SettingsErrorObject;
  }
}

/** GET /get_company_grid_order; throws 'Missing companyID' without a company. */
export function getCompanyGridOrder(companyId: CompanyId) {
  return logged('getCompanyGridOrder', async () => {
    const company_id = requireCompany(companyId, msg.gridOrderReadMissingCompany);
    return (await callEndpoint(ep.getCompanyGridOrder, { company_id })).grid_order;
  });
}

/** POST /set_grid_opacity?company_id&grid_opacity. With an argument missing it does nothing and logs. */
export async function setGridOpacity(companyId: CompanyId, opacity: number | null | undefined) {
  if (!companyId || opacity === undefined || opacity === null) {
    console.warn('setGridOpacity skipped: companyID and gridOpacity are required');
    return undefined;
  }
  return logged('setGridOpacity', () => callEndpoint(ep.setGridOpacity, { company_id: companyId, grid_opacity: opacity }));
}

/** GET /get_grid_opacity (needs a company id). */
export function getGridOpacity(companyId: CompanyId) {
  return logged('getGridOpacity', async () => {
    const company_id = requireCompany(companyId, msg.offlineModeMissingCompany);
    return (await callEndpoint(ep.getGridOpacity, { company_id })).grid_opacity;
  });
}

/**
 * GET /get_company_offline_mode. Throws 'Missing required parameter: companyID' without a company;
 * other errors are rethrown as 'getCompanyOfflineMode Error: <server message or message>'.
 */
export async function getCompanyOfflineMode(companyId: CompanyId) {
  const company_id = requireCompany(companyId, msg.offlineModeMissingCompany);
  try {
    return (await callEndpoint(ep.getCompanyOfflineMode, { company_id })).offline_mode;
  } catch (err) {
    const e = toApiError(err);
    console.error('getCompanyOfflineMode failed:', e.message);
    throw new ApiError(`${msg.offlineModeErrorPrefix}${e.message}`, { status: e.status, cause: err });
  }
}

/** POST /set_company_offline_mode (0 or 1). */
export function setCompanyOfflineMode(companyId: number, offlineMode: 0 | 1) {
  return logged('setCompanyOfflineMode', () =>
    callEndpoint(ep.setCompanyOfflineMode, { company_id: companyId, offline_mode: offlineMode }),
  );
}

/** GET /get_company_ai_model: the company's scan model. */
export function getCompanyAiModel(companyId: number) {
  return logged('getCompanyAiModel', async () => (await callEndpoint(ep.getCompanyAiModel, { company_id: companyId })).ai_model);
}

/** GET /get_ai_models: every model the server offers (built-in analyses and configured ONNX classifiers). */
export function getAiModels(companyId: number) {
  return logged('getAiModels', () => callEndpoint(scansEndpoints.getAiModels, { company_id: companyId }));
}

/** POST /set_company_ai_model?company_id&ai_model (no body): any model `get_ai_models` offers. */
export function setCompanyAiModel(companyId: number, aiModel: AiModel | string) {
  return logged('setCompanyAiModel', () => callEndpoint(ep.setCompanyAiModel, { company_id: companyId, ai_model: aiModel }));
}

/** POST /set_company_auto_refresh (0 or 1). */
export function setCompanyAutoRefresh(companyId: number, autoRefresh: 0 | 1) {
  return logged('setCompanyAutoRefresh', () =>
    callEndpoint(ep.setCompanyAutoRefresh, { company_id: companyId, auto_refresh: autoRefresh }),
  );
}

/** GET /get_company_auto_refresh_mode: answer field auto_refresh_mode. */
export function getCompanyAutoRefreshMode(companyId: number) {
  return logged('getCompanyAutoRefreshMode', async () =>
    (await callEndpoint(ep.getCompanyAutoRefreshMode, { company_id: companyId })).auto_refresh_mode,
  );
}

/** POST /set_company_language?company_id&language. */
export function setCompanyLanguage(companyId: CompanyId, language: Language | null | undefined) {
  return logged('setCompanyLanguage', async () => {
    const company_id = requireCompany(companyId, msg.languageMissingCompany);
    if (!language) throw new ApiError(msg.languageMissing);
    return callEndpoint(ep.setCompanyLanguage, { company_id, language });
  });
}

/** GET /get_company_language. */
export function getCompanyLanguage(companyId: CompanyId) {
  return logged('getCompanyLanguage', async () => {
    const company_id = requireCompany(companyId, msg.languageMissingCompany);
    return (await callEndpoint(ep.getCompanyLanguage, { company_id })).language;
  });
}

/** GET /get_stickytrap_render: how sticky-trap results are drawn (default 1). */
export function getStickytrapRender(companyId: number) {
  return logged('getStickytrapRender', async () => (await callEndpoint(ep.getStickytrapRender, { company_id: companyId })).value);
}

/** POST /update_stickytrap_render; the value must differ from the current one. */
export function updateStickytrapRender(companyId: number, value: number, current?: number | null) {
  return logged('updateStickytrapRender', async () => {
    if (!Number.isInteger(value) || value < 0 || value === current) throw new ApiError(msg.stickytrapInvalid);
    return callEndpoint(ep.updateStickytrapRender, { company_id: companyId, value });
  });
}

/** GET /get_company_suspected_alerts: when a suspected problem (an unreviewed scan or camera detection) alerts. */
export function getCompanySuspectedAlerts(companyId: number) {
  return logged('getCompanySuspectedAlerts', async () => (await callEndpoint(ep.getCompanySuspectedAlerts, { company_id: companyId })).suspected_alerts);
}

/** POST /set_company_suspected_alerts: off, above a confidence (0–1; the saved one when left out), or confirmed only. */
export function setCompanySuspectedAlerts(companyId: number, rule: { mode: SuspectedAlertMode; min_confidence?: number }) {
  return logged('setCompanySuspectedAlerts', () => callEndpoint(ep.setCompanySuspectedAlerts, { company_id: companyId, ...rule }));
}
