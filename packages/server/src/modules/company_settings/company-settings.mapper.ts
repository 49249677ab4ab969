import { DASHBOARD_TILES, type DashboardTile } from '@verdant/contract';
import type { CompanySettingsPatch, CompanySettingsRow } from './company-settings.repository.js';

export interface CompanySettings {
  thresholds: { warning: number; critical: number };
  grid_order: DashboardTile[];
  grid_opacity: number;
  offline_mode: number;
  ai_model: string;
  auto_refresh: number;
  language: string;
  stickytrap_render: number;
}

export type WritableSetting = Exclude<keyof CompanySettings, 'thresholds'>;

const KNOWN_TILES = new Set<string>(DASHBOARD_TILES);

/** A saved order may name a tile that was later retired; it is dropped rather than breaking the answer. */
function toGridOrder(saved: string[] | null): DashboardTile[] {
  const known = (saved ?? []).filter((t): t is DashboardTile => KNOWN_TILES.has(t));
  return known.length ? known : [...DASHBOARD_TILES];
}

export function toCompanySettings(row: CompanySettingsRow): CompanySettings {
  return {
    thresholds: { warning: row.threshold_warning, critical: row.threshold_critical },
    grid_order: toGridOrder(row.grid_order),
    grid_opacity: Number(row.grid_opacity),
    offline_mode: row.offline_mode,
    ai_model: row.ai_model,
    auto_refresh: row.auto_refresh,
    language: row.language,
    stickytrap_render: row.stickytrap_render,
  };
}

export function toSettingsPatch<K extends WritableSetting>(key: K, value: CompanySettings[K]): CompanySettingsPatch {
  if (key === 'grid_order') return { grid_order: JSON.stringify(value) };
  return { [key]: value } as CompanySettingsPatch;
}
