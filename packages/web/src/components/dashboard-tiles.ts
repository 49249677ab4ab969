import type { DashboardTile } from '@verdant/contract';
import type { IconName } from './icons';
import { paths } from '@/lib/paths';

export interface TileInfo {
  id: DashboardTile;
  /** Where the tile leads. */
  path: string;
  icon: IconName;
}

/** Tile metadata; labels are `app:tiles.<id>.title` / `.description`. */
export const TILES: Record<DashboardTile, TileInfo> = {
  quickview: { id: 'quickview', path: paths.quickview, icon: 'eye' },
  scanNow: { id: 'scanNow', path: paths.scanNow, icon: 'scan' },
  rooms: { id: 'rooms', path: paths.rooms, icon: 'rooms' },
  batches: { id: 'batches', path: paths.batches, icon: 'batches' },
  plantsProblems: { id: 'plantsProblems', path: paths.plantsProblems, icon: 'problems' },
  tasks: { id: 'tasks', path: paths.tasks, icon: 'tasks' },
  reports: { id: 'reports', path: paths.reports, icon: 'reports' },
  formbuilder: { id: 'formbuilder', path: paths.formbuilder, icon: 'form' },
  automations: { id: 'automations', path: paths.automations, icon: 'automation' },
  scanHistory: { id: 'scanHistory', path: paths.scanHistory, icon: 'history' },
  observations: { id: 'observations', path: paths.observations, icon: 'observation' },
  treatmentProduct: { id: 'treatmentProduct', path: paths.treatmentProduct, icon: 'treatment' },
};
