import type { DashboardTile } from '@verdant/contract';
import type { IconName } from '../components/icons';

export interface TileInfo {
  id: DashboardTile;
  /** Route under /dashboard. */
  path: string;
  icon: IconName;
  /** False while the feature is planned: the tile shows "Coming soon". */
  available: boolean;
}

/** Tile metadata; labels are `app:tiles.<id>.title` / `.description`. A feature flips `available` when it ships. */
export const TILES: Record<DashboardTile, TileInfo> = {
  quickview: { id: 'quickview', path: 'quickview', icon: 'eye', available: true },
  scanNow: { id: 'scanNow', path: 'scanNow', icon: 'scan', available: false },
  rooms: { id: 'rooms', path: 'rooms', icon: 'rooms', available: true },
  batches: { id: 'batches', path: 'batches', icon: 'batches', available: true },
  plantsProblems: { id: 'plantsProblems', path: 'plantsProblems', icon: 'problems', available: true },
  tasks: { id: 'tasks', path: 'tasks', icon: 'tasks', available: false },
  reports: { id: 'reports', path: 'reports', icon: 'reports', available: false },
  formbuilder: { id: 'formbuilder', path: 'formbuilder', icon: 'form', available: true },
  automations: { id: 'automations', path: 'automations', icon: 'automation', available: false },
  scanHistory: { id: 'scanHistory', path: 'scanHistory', icon: 'history', available: false },
  observations: { id: 'observations', path: 'observations', icon: 'observation', available: true },
  treatmentProduct: { id: 'treatmentProduct', path: 'treatmentProduct', icon: 'treatment', available: false },
};
