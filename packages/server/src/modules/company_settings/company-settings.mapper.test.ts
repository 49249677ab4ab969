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
});
