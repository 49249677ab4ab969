import type { IconName } from '../../components/icons';
import { paths } from '../../lib/paths';

export interface NavItem {
  /** Key under app:nav. */
  key: string;
  to: string;
  icon: IconName;
  end?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  { key: 'overview', to: paths.overview, icon: 'grid' },
  { key: 'quickview', to: paths.quickview, icon: 'eye' },
  { key: 'scan', to: paths.scanNow, icon: 'scan' },
  { key: 'scanHistory', to: paths.scanHistory, icon: 'history' },
  { key: 'scanQuality', to: paths.scanQuality, icon: 'quality' },
  { key: 'videoCapture', to: paths.videoCapture, icon: 'video' },
  { key: 'cameras', to: paths.automatedcameras, icon: 'camera' },
  { key: 'quickObservation', to: paths.quickObservation, icon: 'observation' },
  { key: 'scanLabel', to: paths.scanLabel, icon: 'qr' },
  { key: 'rooms', to: paths.rooms, icon: 'rooms' },
  { key: 'observations', to: paths.observations, icon: 'observation' },
  { key: 'plantsProblems', to: paths.plantsProblems, icon: 'problems' },
  { key: 'formbuilder', to: paths.formbuilder, icon: 'form' },
  { key: 'batches', to: paths.batches, icon: 'batches' },
  { key: 'treatments', to: paths.treatmentProduct, icon: 'treatment' },
  { key: 'inventory', to: paths.inventory, icon: 'leaf' },
  { key: 'forecasting', to: paths.forecasting, icon: 'forecast' },
  { key: 'cropRegistration', to: paths.cropWalk, icon: 'leaf' },
  { key: 'labels', to: paths.labels(), icon: 'tag' },
  { key: 'tasks', to: paths.tasks, icon: 'tasks' },
  { key: 'automations', to: paths.automations, icon: 'automation' },
  { key: 'reports', to: paths.reports, icon: 'reports' },
];

export const ACCOUNT_NAV: NavItem[] = [
  { key: 'company', to: paths.company, icon: 'company' },
  { key: 'consultants', to: paths.consultants, icon: 'user' },
  { key: 'profile', to: paths.profile, icon: 'user' },
  { key: 'settings', to: paths.settings, icon: 'settings' },
  { key: 'audittrail', to: paths.audittrail, icon: 'audit' },
];

/** The phone's bottom bar: the four field actions; the fifth button opens "More". */
export const FIELD_ACTIONS: NavItem[] = [
  { key: 'quickview', to: paths.quickview, icon: 'eye' },
  { key: 'scan', to: paths.scanNow, icon: 'scan' },
  { key: 'rooms', to: paths.rooms, icon: 'rooms' },
  { key: 'quickObservation', to: paths.quickObservation, icon: 'observation' },
];

/** A consultant reads their rooms and nothing else (docs/decisions.md, "Consultants"). */
export const CONSULTANT_NAV: NavItem[] = [{ key: 'myRooms', to: paths.consultants, icon: 'rooms' }];
export const CONSULTANT_ACCOUNT_NAV: NavItem[] = [{ key: 'profile', to: paths.profile, icon: 'user' }];
