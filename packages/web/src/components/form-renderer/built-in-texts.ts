import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/**
 * The built-in forms (server: form_templates/default-templates.ts) are stored in English, and their
 * names, field labels and choices are what answers and hide-until rules refer to. So they stay stored as
 * they are and are translated when shown, by their English text as the stable key. A form a company
 * wrote itself, or renamed, is shown as written: only these exact texts are translated.
 */
export const BUILT_IN_TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  Scouting: 'scouting',
  'Sticky trap count': 'stickyTrap',
  Coordinates: 'coordinates',
  'Room walk': 'roomWalk',
  Task: 'task',
  Treatment: 'treatment',
};

export const BUILT_IN_FIELD_NAMES: Readonly<Record<string, string>> = {
  Problem: 'problem',
  Severity: 'severity',
  'Plants affected': 'plantsAffected',
  Notes: 'notes',
  Photo: 'photo',
  'Trap colour': 'trapColour',
  Whiteflies: 'whiteflies',
  Thrips: 'thrips',
  'Fungus gnats': 'fungusGnats',
  'Winged aphids': 'wingedAphids',
  'Leafminer flies': 'leafminerFlies',
  'Trap replaced': 'trapReplaced',
  Coordinates: 'coordinates',
  'Temperature (°C)': 'temperature',
  'Relative humidity (%)': 'humidity',
  Hygiene: 'hygiene',
  'Irrigation working': 'irrigationWorking',
  'Irrigation problem': 'irrigationProblem',
  'Pests or disease seen': 'pestsSeen',
  Task: 'task',
  Priority: 'priority',
  'Due date': 'dueDate',
  Done: 'done',
  'Treatment type': 'treatmentType',
  'Target problem': 'targetProblem',
  Product: 'product',
  Dose: 'dose',
  'Application method': 'applicationMethod',
  'Application date': 'applicationDate',
  'Re-entry interval (hours)': 'reEntry',
};

export const BUILT_IN_OPTIONS: Readonly<Record<string, string>> = {
  Yellow: 'yellow',
  Blue: 'blue',
  Good: 'good',
  'Needs attention': 'needsAttention',
  Poor: 'poor',
  Yes: 'yes',
  No: 'no',
  Low: 'low',
  Normal: 'normal',
  High: 'high',
  Urgent: 'urgent',
  biological: 'biological',
  chemical: 'chemical',
  cultural: 'cultural',
  Spray: 'spray',
  Drench: 'drench',
  Release: 'release',
  Fog: 'fog',
  Other: 'other',
};

const GROUPS = { templates: BUILT_IN_TEMPLATE_NAMES, fields: BUILT_IN_FIELD_NAMES, options: BUILT_IN_OPTIONS } as const;

/** A built-in form's text in `t`'s language (any namespace: the key names form-renderer); other text as written. */
export function builtInText(t: TFunction, group: keyof typeof GROUPS, text: string): string {
  const key = GROUPS[group][text];
  return key ? t(`form-renderer:builtIn.${group}.${key}`, { defaultValue: text }) : text;
}

/** Display-time texts of the built-in forms in the reader's language; anything else is returned as written. */
export function useBuiltInText() {
  const { t } = useTranslation('form-renderer');
  return useMemo(
    () => ({
      template: (name: string) => builtInText(t, 'templates', name),
      field: (name: string) => builtInText(t, 'fields', name),
      option: (value: string) => builtInText(t, 'options', value),
    }),
    [t],
  );
}
