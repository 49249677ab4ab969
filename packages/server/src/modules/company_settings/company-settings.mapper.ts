import { DASHBOARD_TILES, type DashboardTile, type SuspectedAlerts } from '@verdant/contract';
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
  suspected_alerts: SuspectedAlerts;
}

export type WritableSetting = Exclude<keyof CompanySettings, 'thresholds'>;

const KNOWN_TILES = new Set<string>(DASHBOARD_TILES);

/** A saved order may name a tile that was later retired; it is dropped rather than breaking the answer. */
function toGridOrder(saved: string[] | null): DashboardTile[] {
  const known = (saved ?? []).filter((t): t is DashboardTile => KNOWN_TILES.has(t));
  return known.length ? known : [...DASHBOARD_TILES];
}

type Column = keyof CompanySettingsRow;

/** Which columns each setting is read from, and how; a read of one setting selects only its columns. */
const SETTING_READERS: { [K in keyof CompanySettings]: { columns: Column[]; read: (row: CompanySettingsRow) => CompanySettings[K] } } = {
  thresholds: {
    columns: ['threshold_warning', 'threshold_critical'],
    read: (row) => ({ warning: row.threshold_warning, critical: row.threshold_critical }),
  },
  grid_order: { columns: ['grid_order'], read: (row) => toGridOrder(row.grid_order) },
  grid_opacity: { columns: ['grid_opacity'], read: (row) => Number(row.grid_opacity) },
  offline_mode: { columns: ['offline_mode'], read: (row) => row.offline_mode },
  ai_model: { columns: ['ai_model'], read: (row) => row.ai_model },
  auto_refresh: { columns: ['auto_refresh'], read: (row) => row.auto_refresh },
  language: { columns: ['language'], read: (row) => row.language },
  stickytrap_render: { columns: ['stickytrap_render'], read: (row) => row.stickytrap_render },
  suspected_alerts: {
    columns: ['suspected_alerts', 'suspected_alert_confidence'],
    read: (row) => ({ mode: row.suspected_alerts, min_confidence: Number(row.suspected_alert_confidence) }),
  },
};

export const settingColumns = (key: keyof CompanySettings): Column[] => SETTING_READERS[key].columns;

export function toSetting<K extends keyof CompanySettings>(key: K, row: CompanySettingsRow): CompanySettings[K] {
  return SETTING_READERS[key].read(row);
}

export function toCompanySettings(row: CompanySettingsRow): CompanySettings {
  const out = {} as Record<keyof CompanySettings, unknown>;
  for (const key of Object.keys(SETTING_READERS) as (keyof CompanySettings)[]) out[key] = toSetting(key, row);
  return out as CompanySettings;
}

export function toSettingsPatch<K extends WritableSetting>(key: K, value: CompanySettings[K]): CompanySettingsPatch {
  if (key === 'grid_order') return { grid_order: JSON.stringify(value) };
  if (key === 'suspected_alerts') {
    const v = value as SuspectedAlerts;
    return { suspected_alerts: v.mode, suspected_alert_confidence: v.min_confidence };
  }
  return { [key]: value } as CompanySettingsPatch;
}
