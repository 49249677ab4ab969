import type { FieldType } from '@verdant/contract';

/** How the form builder presents each field type. */
export const FIELD_TYPE_INFO: Record<FieldType, { label: string; description: string; needs_options: boolean }> = {
  text: { label: 'Short text', description: 'One line of text.', needs_options: false },
  textarea: { label: 'Long text', description: 'Several lines of notes.', needs_options: false },
  number: { label: 'Number', description: 'A number, such as a count or a measurement.', needs_options: false },
  select: { label: 'Choice', description: 'One answer from a list of options.', needs_options: true },
  'multi-select': { label: 'Multiple choice', description: 'Any number of answers from a list of options.', needs_options: true },
  checkbox: { label: 'Checkbox', description: 'Yes or no.', needs_options: false },
  date: { label: 'Date', description: 'A calendar date.', needs_options: false },
  photo: { label: 'Photo', description: 'A picture taken with the phone.', needs_options: false },
  problem: { label: 'Plant problem', description: 'A pest, disease or disorder from the problem library; records an observation.', needs_options: false },
  severity: { label: 'Severity', description: 'How bad the problem is (1 trace to 5 severe); gives the observation its severity.', needs_options: false },
  'sticky-trap-count': { label: 'Sticky-trap count', description: 'Insects counted on a sticky card; read by the sticky-trap charts.', needs_options: false },
  coordinates: { label: 'Coordinates', description: 'The grid boxes a multi-select submission covers.', needs_options: false },
};
