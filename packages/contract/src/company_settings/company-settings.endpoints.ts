import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Flag01, INT4_MAX } from '../common/fields.js';
import { DASHBOARD_TILES, LANGUAGES } from '../common/constants.js';
import { AiModelName } from '../scans/scans.schemas.js';

const CompanyQuery = z.object({ company_id: CompanyId });
const read = { auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] } } as const;
const write = { auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] } } as const;

export const Thresholds = z.object({
  /** Problems on one grid box at which the map shows it as a warning. */
  warning: z.number().int().min(0),
  /** Problems on one grid box at which the map shows it as critical. */
  critical: z.number().int().min(0),
});

export const GridOrder = z.array(z.enum(DASHBOARD_TILES));

/** Multipart carries grid_order as a JSON string; JSON bodies may carry the array itself. */
export const GridOrderInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v.split(',').map((s) => s.trim()).filter(Boolean);
  }
}, GridOrder.min(1, { error: 'must list at least one tile' }).refine((a) => new Set(a).size === a.length, {
  error: 'must not list a tile twice',
}));

export const GridOpacity = z.coerce
  .number({ error: 'must be a number between 0.1 and 1' })
  .min(0.1, { error: 'must be a number between 0.1 and 1' })
  .max(1, { error: 'must be a number between 0.1 and 1' });

/**
 * Any model name: the server accepts the models it offers (GET /get_ai_models: the built-in ones, AI_MODELS,
 * and every ONNX classifier configured), so the list is checked there, not here.
 */
export const AiModelSchema = AiModelName;
/**
 * When a suspected problem (an unreviewed scan or camera detection) alerts (issue 18): 'off' never (nor once
 * confirmed), 'above' at once when its confidence is at least `min_confidence` (and then it counts for action
 * thresholds too), 'confirmed' only when a reviewer confirms it (the default).
 */
export const SUSPECTED_ALERT_MODES = ['off', 'above', 'confirmed'] as const;
export type SuspectedAlertMode = (typeof SUSPECTED_ALERT_MODES)[number];
export const SuspectedAlerts = z.object({ mode: z.enum(SUSPECTED_ALERT_MODES), min_confidence: z.number() });
export type SuspectedAlerts = z.infer<typeof SuspectedAlerts>;
export const SuspectedAlertConfidence = z.coerce
  .number({ error: 'must be a number between 0 and 1' })
  .min(0, { error: 'must be a number between 0 and 1' })
  .max(1, { error: 'must be a number between 0 and 1' });

export const LanguageSchema = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` });

export const companySettingsMessages = {
  gridOrderMissingCompany: 'Required parameter missing: companyID.',
  gridOrderMissingOrder: 'Required parameter missing: gridOrder.',
  gridOrderMissingClient: 'Required parameter missing: axiosPrivate.',
  gridOrderFailed: 'Failed to set company grid order.',
  gridOrderReadMissingCompany: 'Missing companyID',
  offlineModeMissingCompany: 'Missing required parameter: companyID',
  offlineModeErrorPrefix: 'getCompanyOfflineMode Error: ',
  languageMissingCompany: 'company_id is required.',
  languageMissing: 'language is required.',
  languageSetFailed: 'Failed to set language',
  languageGetFailed: 'Failed to get language',
  stickytrapInvalid: 'Please update values that are different from your current settings.',
  saved: 'Settings saved.',
} as const;

const Saved = <S extends z.ZodRawShape>(shape: S) => success({ message: z.string(), ...shape });

export const companySettingsEndpoints = {
  getCompanyThresholds: defineEndpoint({
    id: 'getCompanyThresholds', domain: 'company_settings', method: 'GET', path: '/get_company_thresholds',
    summary: 'Problem-count thresholds for the map', ...read, query: CompanyQuery,
    response: success({ thresholds: Thresholds }),
  }),
  setCompanyGridOrder: defineEndpoint({
    id: 'setCompanyGridOrder', domain: 'company_settings', method: 'POST', path: '/set_company_grid_order',
    summary: 'Order of the overview tiles', ...write, query: CompanyQuery,
    body: { kind: 'multipart', schema: z.object({ grid_order: GridOrderInput }) },
    response: Saved({ grid_order: GridOrder }),
  }),
  getCompanyGridOrder: defineEndpoint({
    id: 'getCompanyGridOrder', domain: 'company_settings', method: 'GET', path: '/get_company_grid_order',
    summary: 'Order of the overview tiles', ...read, query: CompanyQuery,
    response: success({ grid_order: GridOrder }),
  }),
  setGridOpacity: defineEndpoint({
    id: 'setGridOpacity', domain: 'company_settings', method: 'POST', path: '/set_grid_opacity',
    summary: 'Opacity of the overview tiles (0.1–1)', ...write,
    query: z.object({ company_id: CompanyId, grid_opacity: GridOpacity }),
    response: Saved({ grid_opacity: z.number() }),
  }),
  getGridOpacity: defineEndpoint({
    id: 'getGridOpacity', domain: 'company_settings', method: 'GET', path: '/get_grid_opacity',
    summary: 'Opacity of the overview tiles', ...read, query: CompanyQuery,
    response: success({ grid_opacity: z.number() }),
  }),
  getCompanyOfflineMode: defineEndpoint({
    id: 'getCompanyOfflineMode', domain: 'company_settings', method: 'GET', path: '/get_company_offline_mode',
    summary: 'Whether field devices keep an offline copy (0 or 1)', ...read, query: CompanyQuery,
    response: success({ offline_mode: z.number() }),
  }),
  setCompanyOfflineMode: defineEndpoint({
    id: 'setCompanyOfflineMode', domain: 'company_settings', method: 'POST', path: '/set_company_offline_mode',
    summary: 'Turn offline mode on (1) or off (0); not in the spec, see docs/decisions.md', ...write,
    query: CompanyQuery, either: z.object({ offline_mode: Flag01 }),
    response: Saved({ offline_mode: z.number() }),
  }),
  getCompanyAiModel: defineEndpoint({
    id: 'getCompanyAiModel', domain: 'company_settings', method: 'GET', path: '/get_company_ai_model',
    summary: 'The scan model the company uses', ...read, query: CompanyQuery,
    response: success({ ai_model: z.string() }),
  }),
  setCompanyAiModel: defineEndpoint({
    id: 'setCompanyAiModel', domain: 'company_settings', method: 'POST', path: '/set_company_ai_model',
    summary: 'Choose the scan model', ...write,
    query: z.object({ company_id: CompanyId, ai_model: AiModelSchema }),
    response: Saved({ ai_model: z.string() }),
  }),
  setCompanyAutoRefresh: defineEndpoint({
    id: 'setCompanyAutoRefresh', domain: 'company_settings', method: 'POST', path: '/set_company_auto_refresh',
    summary: 'Auto-refresh of live screens (0 or 1)', ...write,
    query: CompanyQuery, either: z.object({ auto_refresh: Flag01 }),
    response: Saved({ auto_refresh: z.number() }),
  }),
  getCompanyAutoRefreshMode: defineEndpoint({
    id: 'getCompanyAutoRefreshMode', domain: 'company_settings', method: 'GET', path: '/get_company_auto_refresh_mode',
    summary: 'Auto-refresh of live screens (0 or 1)', ...read, query: CompanyQuery,
    response: success({ auto_refresh_mode: z.number() }),
  }),
  setCompanyLanguage: defineEndpoint({
    id: 'setCompanyLanguage', domain: 'language', method: 'POST', path: '/set_company_language',
    summary: 'Interface language of the company', ...write,
    query: z.object({ company_id: CompanyId, language: LanguageSchema }),
    response: Saved({ language: z.string() }),
    clientMessages: companySettingsMessages,
  }),
  getCompanyLanguage: defineEndpoint({
    id: 'getCompanyLanguage', domain: 'language', method: 'GET', path: '/get_company_language',
    summary: 'Interface language of the company', ...read, query: CompanyQuery,
    response: success({ language: z.string() }),
  }),
  updateStickytrapRender: defineEndpoint({
    id: 'updateStickytrapRender', domain: 'sticky_traps', method: 'POST', path: '/update_stickytrap_render',
    summary: 'How sticky-trap results are drawn on the map (a number; default 1)', ...write,
    either: z.object({
      company_id: CompanyId,
      value: z.coerce.number({ error: companySettingsMessages.stickytrapInvalid }).int({
        error: companySettingsMessages.stickytrapInvalid,
      }).min(0, { error: companySettingsMessages.stickytrapInvalid }).max(INT4_MAX, { error: companySettingsMessages.stickytrapInvalid }),
    }),
    response: Saved({ value: z.number() }),
  }),
  getCompanySuspectedAlerts: defineEndpoint({
    id: 'getCompanySuspectedAlerts', domain: 'company_settings', method: 'GET', path: '/get_company_suspected_alerts',
    summary: 'Verdant extension: when a suspected problem (an unreviewed scan or camera detection) alerts', ...read, query: CompanyQuery,
    response: success({ suspected_alerts: SuspectedAlerts }),
  }),
  setCompanySuspectedAlerts: defineEndpoint({
    id: 'setCompanySuspectedAlerts', domain: 'company_settings', method: 'POST', path: '/set_company_suspected_alerts',
    summary: 'Verdant extension: off, suspected above a confidence (min_confidence, 0–1; kept when not sent), or confirmed only', ...write,
    query: CompanyQuery,
    either: z.object({
      mode: z.enum(SUSPECTED_ALERT_MODES, { error: `must be one of ${SUSPECTED_ALERT_MODES.join(', ')}` }),
      min_confidence: SuspectedAlertConfidence.optional(),
    }),
    response: Saved({ suspected_alerts: SuspectedAlerts }),
  }),
  getStickytrapRender: defineEndpoint({
    id: 'getStickytrapRender', domain: 'sticky_traps', method: 'GET', path: '/get_stickytrap_render',
    summary: 'How sticky-trap results are drawn on the map', ...read, query: CompanyQuery,
    response: success({ value: z.number() }),
  }),
};
