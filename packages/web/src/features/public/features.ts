import type { IconName } from './components/icons';

/** The six feature pages; their texts live under `features.<key>` in the `public` namespace. */
export const FEATURES = [
  { key: 'camera', path: '/camera', icon: 'camera' },
  { key: 'ipmScouting', path: '/ipm-scouting', icon: 'bug' },
  { key: 'reporting', path: '/reporting', icon: 'chart' },
  { key: 'inventory', path: '/inventory', icon: 'boxes' },
  { key: 'forecasting', path: '/forecasting', icon: 'calendar' },
  { key: 'aiSmartGlasses', path: '/ai-smart-glasses', icon: 'glasses' },
] as const satisfies ReadonlyArray<{ key: string; path: string; icon: IconName }>;

export type FeatureKey = (typeof FEATURES)[number]['key'];
