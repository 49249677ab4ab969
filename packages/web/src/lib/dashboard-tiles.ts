import type { DashboardTile } from '@verdant/contract';
import type { IconName } from '../components/icons';
import { paths } from './paths';

export interface TileInfo {
  id: DashboardTile;
  /** Where the tile leads. */
  path: string;
  icon: IconName;
  /** False while the feature is planned: the tile shows "Coming soon". */
  available: boolean;
}

/** Tile metadata; labels are `app:tiles.<id>.title` / `.description`. A feature flips `available` when it ships. */
export const TILES: Record<DashboardTile, TileInfo> = {
  quickview: { id: 'quickview', path: paths.quickview, icon: 'eye', available: true },
  scanNow: { id: 'scanNow', path: paths.scanNow, icon: 'scan', available: false },
  rooms: { id: 'rooms', path: paths.rooms, icon: 'rooms', available: true },
  batches: { id: 'batches', path: paths.batches, icon: 'batches', available: true },
  plantsProblems: { id: 'plantsProblems', path: paths.plantsProblems, icon: 'problems', available: true },
  tasks: { id: 'tasks', path: paths.tasks, icon: 'tasks', available: true },
  reports: { id: 'reports', path: paths.reports, icon: 'reports', available: true },
  formbuilder: { id: 'formbuilder', path: paths.formbuilder, icon: 'form', available: true },
  automations: { id: 'automations', path: paths.automations, icon: 'automation', available: false },
  scanHistory: { id: 'scanHistory', path: paths.scanHistory, icon: 'history', available: false },
  observations: { id: 'observations', path: paths.observations, icon: 'observation', available: true },
  treatmentProduct: { id: 'treatmentProduct', path: paths.treatmentProduct, icon: 'treatment', available: true },
};
