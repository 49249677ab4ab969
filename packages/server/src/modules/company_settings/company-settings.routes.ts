import { companySettingsEndpoints, companySettingsMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { changeSetting, getCompanySetting } from './company-settings.service.js';
import { offeredModel } from '../../lib/vision/models.js';

const ok = 'success' as const;
const saved = { status: ok, message: msg.saved };

export const companySettingsHandlers: Handlers<typeof companySettingsEndpoints> = {
  getCompanyThresholds: async ({ app, user, input }) => ({
    status: ok,
    thresholds: await getCompanySetting(app, user, input.company_id, 'thresholds'),
  }),
  setCompanyGridOrder: async ({ app, user, input }) => ({
    ...saved,
    grid_order: (await changeSetting(app, user, input.company_id, 'grid_order', input.grid_order)).grid_order,
  }),
  getCompanyGridOrder: async ({ app, user, input }) => ({
    status: ok,
    grid_order: await getCompanySetting(app, user, input.company_id, 'grid_order'),
  }),
  setGridOpacity: async ({ app, user, input }) => ({
    ...saved,
    grid_opacity: (await changeSetting(app, user, input.company_id, 'grid_opacity', input.grid_opacity)).grid_opacity,
  }),
  getGridOpacity: async ({ app, user, input }) => ({
    status: ok,
    grid_opacity: await getCompanySetting(app, user, input.company_id, 'grid_opacity'),
  }),
  getCompanyOfflineMode: async ({ app, user, input }) => ({
    status: ok,
    offline_mode: await getCompanySetting(app, user, input.company_id, 'offline_mode'),
  }),
  setCompanyOfflineMode: async ({ app, user, input }) => ({
    ...saved,
    offline_mode: (await changeSetting(app, user, input.company_id, 'offline_mode', input.offline_mode)).offline_mode,
  }),
  getCompanyAiModel: async ({ app, user, input }) => ({
    status: ok,
    ai_model: await getCompanySetting(app, user, input.company_id, 'ai_model'),
  }),
  setCompanyAiModel: async ({ app, user, input }) => ({
    ...saved,
    ai_model: (await changeSetting(app, user, input.company_id, 'ai_model', (await offeredModel(app.config.aiModelDir, app.log, input.ai_model)).name)).ai_model,
  }),
  setCompanyAutoRefresh: async ({ app, user, input }) => ({
    ...saved,
    auto_refresh: (await changeSetting(app, user, input.company_id, 'auto_refresh', input.auto_refresh)).auto_refresh,
  }),
  getCompanyAutoRefreshMode: async ({ app, user, input }) => ({
    status: ok,
    auto_refresh_mode: await getCompanySetting(app, user, input.company_id, 'auto_refresh'),
  }),
  setCompanyLanguage: async ({ app, user, input }) => ({
    ...saved,
    language: (await changeSetting(app, user, input.company_id, 'language', input.language)).language,
  }),
  getCompanyLanguage: async ({ app, user, input }) => ({
    status: ok,
    language: await getCompanySetting(app, user, input.company_id, 'language'),
  }),
  updateStickytrapRender: async ({ app, user, input }) => ({
    ...saved,
    value: (
      await changeSetting(app, user, input.company_id, 'stickytrap_render', input.value, {
        rejectUnchanged: { message: msg.stickytrapInvalid, field: 'value' },
      })
    ).stickytrap_render,
  }),
  getCompanySuspectedAlerts: async ({ app, user, input }) => ({
    status: ok,
    suspected_alerts: await getCompanySetting(app, user, input.company_id, 'suspected_alerts'),
  }),
  setCompanySuspectedAlerts: async ({ app, user, input }) => {
    // A confidence not sent keeps the one saved, so switching the mode never loses it.
    const before = await getCompanySetting(app, user, input.company_id, 'suspected_alerts');
    const value = { mode: input.mode, min_confidence: input.min_confidence ?? before.min_confidence };
    return { ...saved, suspected_alerts: (await changeSetting(app, user, input.company_id, 'suspected_alerts', value)).suspected_alerts };
  },
  getStickytrapRender: async ({ app, user, input }) => ({
    status: ok,
    value: await getCompanySetting(app, user, input.company_id, 'stickytrap_render'),
  }),
};
