import type { IconName } from '../../components/icons';

export interface NavItem {
  /** Key under app:nav. */
  key: string;
  to: string;
  icon: IconName;
  /** Shown with a "Soon" badge while the screen is planned. */
  planned?: boolean;
  end?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  { key: 'overview', to: '/dashboard/overview', icon: 'grid' },
  { key: 'quickview', to: '/dashboard/quickview', icon: 'eye' },
  { key: 'scan', to: '/dashboard/scanNow', icon: 'scan', planned: true },
  { key: 'rooms', to: '/dashboard/rooms', icon: 'rooms' },
  { key: 'observations', to: '/dashboard/observations', icon: 'observation' },
  { key: 'plantsProblems', to: '/dashboard/plantsProblems', icon: 'problems' },
  { key: 'formbuilder', to: '/dashboard/formbuilder', icon: 'form' },
  { key: 'batches', to: '/dashboard/batches', icon: 'batches' },
  { key: 'inventory', to: '/dashboard/inventory', icon: 'leaf' },
  { key: 'forecasting', to: '/dashboard/forecasting', icon: 'history' },
  { key: 'tasks', to: '/dashboard/tasks', icon: 'tasks', planned: true },
  { key: 'reports', to: '/dashboard/reports', icon: 'reports', planned: true },
];

export const ACCOUNT_NAV: NavItem[] = [
  { key: 'company', to: '/dashboard/company', icon: 'company' },
  { key: 'profile', to: '/dashboard/profile', icon: 'user' },
  { key: 'settings', to: '/dashboard/settings', icon: 'settings' },
  { key: 'audittrail', to: '/dashboard/audittrail', icon: 'history' },
];

/** The phone's bottom bar: the four field actions; the fifth button opens "More". */
export const FIELD_ACTIONS: NavItem[] = [
  { key: 'quickview', to: '/dashboard/quickview', icon: 'eye' },
  { key: 'scan', to: '/dashboard/scanNow', icon: 'scan' },
  { key: 'rooms', to: '/dashboard/rooms', icon: 'rooms' },
  { key: 'tasks', to: '/dashboard/tasks', icon: 'tasks' },
];
