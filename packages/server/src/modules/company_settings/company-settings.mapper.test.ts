import { describe, expect, it } from 'vitest';
import { DASHBOARD_TILES } from '@verdant/contract';
import { toCompanySettings, toSettingsPatch } from './company-settings.mapper.js';
import type { CompanySettingsRow } from './company-settings.repository.js';

const row = (patch: Partial<CompanySettingsRow> = {}): CompanySettingsRow => ({
  company_id: 1,
  grid_order: null,
  grid_opacity: 1,
  offline_mode: 0,
  ai_model: 'plantDiseaseRecognition',
  auto_refresh: 0,
  language: 'en',
  stickytrap_render: 1,
  threshold_warning: 1,
  threshold_critical: 5,
  updated_at: new Date(),
  time_zone: 'UTC',
  suspected_alerts: 'confirmed',
  suspected_alert_confidence: 0.8,
  ...patch,
});

describe('toCompanySettings', () => {
  it('answers the overview tiles in their default order when none was saved', () => {
    expect(toCompanySettings(row()).grid_order).toEqual([...DASHBOARD_TILES]);
  });

  it('keeps a saved order but drops tiles that no longer exist', () => {
    expect(toCompanySettings(row({ grid_order: ['tasks', 'retired', 'rooms'] })).grid_order).toEqual(['tasks', 'rooms']);
  });

  it('reads numeric columns that the driver returns as text', () => {
    expect(toCompanySettings(row({ grid_opacity: '0.4' as unknown as number })).grid_opacity).toBe(0.4);
  });
});

describe('toSettingsPatch', () => {
  it('stores the grid order as JSON text and other settings as they are', () => {
    expect(toSettingsPatch('grid_order', ['rooms'])).toEqual({ grid_order: '["rooms"]' });
    expect(toSettingsPatch('language', 'fr')).toEqual({ language: 'fr' });
  });

  it('stores the suspected-alert rule in its two columns and reads it back', () => {
    const patch = toSettingsPatch('suspected_alerts', { mode: 'above', min_confidence: 0.65 });
    expect(patch).toEqual({ suspected_alerts: 'above', suspected_alert_confidence: 0.65 });
    expect(toCompanySettings(row({ suspected_alerts: 'above', suspected_alert_confidence: '0.65' as unknown as number })).suspected_alerts)
      .toEqual({ mode: 'above', min_confidence: 0.65 });
  });
});
