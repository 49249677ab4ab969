import type { FieldType, TemplateType } from '@verdant/contract';

export interface BuiltInField {
  name: string;
  type: FieldType;
  options?: string[];
  required?: boolean;
  cssClass?: string;
  /** Hidden until the field of this name (earlier in the list) is answered with `input`. */
  hiddenUntil?: { field: string; input: string };
}

export interface BuiltInTemplate {
  name: string;
  category: string;
  pageCss: string;
  fields: BuiltInField[];
}

// Plain numbers, so observations can store the answer as their severity (1 trace … 5 severe).
const SEVERITY = ['1', '2', '3', '4', '5'];
const PAGE_CSS = '.field-notes { min-height: 96px; }\n.field-photo { margin-top: 8px; }';

/**
 * The templates a company starts with and gets back from reset_all_templates, one per template type.
 * Built on common greenhouse IPM practice: scout per plant position with problem and severity, count
 * yellow sticky cards per pest group weekly, walk the room for climate and hygiene, and record every
 * treatment with its product, dose and re-entry interval.
 */
export const BUILT_IN_TEMPLATES: Record<TemplateType, BuiltInTemplate> = {
  scouting: {
    name: 'Scouting',
    category: 'scouting',
    pageCss: PAGE_CSS,
    fields: [
      { name: 'Problem', type: 'problem', required: true },
      { name: 'Severity', type: 'severity', options: SEVERITY, required: true },
      { name: 'Plants affected', type: 'number' },
      { name: 'Notes', type: 'textarea', cssClass: 'field-notes' },
      { name: 'Photo', type: 'photo', cssClass: 'field-photo' },
    ],
  },
  sticky_trap: {
    name: 'Sticky trap count',
    category: 'sticky_trap',
    pageCss: PAGE_CSS,
    fields: [
      { name: 'Trap colour', type: 'select', options: ['Yellow', 'Blue'], required: true },
      { name: 'Whiteflies', type: 'sticky-trap-count', required: true },
      { name: 'Thrips', type: 'sticky-trap-count', required: true },
      { name: 'Fungus gnats', type: 'sticky-trap-count' },
      { name: 'Winged aphids', type: 'sticky-trap-count' },
      { name: 'Leafminer flies', type: 'sticky-trap-count' },
      { name: 'Trap replaced', type: 'checkbox' },
      { name: 'Photo', type: 'photo', cssClass: 'field-photo' },
    ],
  },
  multiselect: {
    name: 'Coordinates',
    category: 'multiselect',
    pageCss: PAGE_CSS,
    fields: [
      { name: 'Coordinates', type: 'coordinates', required: true },
      { name: 'Problem', type: 'problem', required: true },
      { name: 'Severity', type: 'severity', options: SEVERITY, required: true },
      { name: 'Notes', type: 'textarea', cssClass: 'field-notes' },
    ],
  },
  room: {
    name: 'Room walk',
    category: 'room',
    pageCss: PAGE_CSS,
    fields: [
      { name: 'Temperature (°C)', type: 'number' },
      { name: 'Relative humidity (%)', type: 'number' },
      { name: 'Hygiene', type: 'select', options: ['Good', 'Needs attention', 'Poor'], required: true },
      { name: 'Irrigation working', type: 'select', options: ['Yes', 'No'], required: true },
      { name: 'Irrigation problem', type: 'textarea', required: true, hiddenUntil: { field: 'Irrigation working', input: 'No' } },
      { name: 'Pests or disease seen', type: 'select', options: ['No', 'Yes'], required: true },
      { name: 'Problem', type: 'problem', required: true, hiddenUntil: { field: 'Pests or disease seen', input: 'Yes' } },
      { name: 'Notes', type: 'textarea', cssClass: 'field-notes' },
      { name: 'Photo', type: 'photo', cssClass: 'field-photo' },
    ],
  },
  task: {
    name: 'Task',
    category: 'task',
    pageCss: PAGE_CSS,
    fields: [
      { name: 'Task', type: 'text', required: true },
      { name: 'Priority', type: 'select', options: ['Low', 'Normal', 'High', 'Urgent'], required: true },
      { name: 'Due date', type: 'date' },
      { name: 'Done', type: 'checkbox' },
      { name: 'Notes', type: 'textarea', cssClass: 'field-notes' },
      { name: 'Photo', type: 'photo', cssClass: 'field-photo' },
    ],
  },
  treatment: {
    name: 'Treatment',
    category: 'treatment',
    pageCss: PAGE_CSS,
    fields: [
      { name: 'Treatment type', type: 'select', options: ['biological', 'chemical', 'cultural'], required: true },
      { name: 'Target problem', type: 'problem', required: true },
      { name: 'Product', type: 'text', required: true },
      { name: 'Dose', type: 'text', required: true },
      { name: 'Application method', type: 'select', options: ['Spray', 'Drench', 'Release', 'Fog', 'Other'] },
      { name: 'Application date', type: 'date', required: true },
      { name: 'Re-entry interval (hours)', type: 'number', hiddenUntil: { field: 'Treatment type', input: 'chemical' } },
      { name: 'Notes', type: 'textarea', cssClass: 'field-notes' },
    ],
  },
};
