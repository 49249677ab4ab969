import { addDays, SEVERITY_LEVELS, utcDate, type FormField, type FormTemplate, type ObservationListItem } from '@verdant/contract';
import { templatesFor } from './templates';

/** The fields quick observation fills; anything else of the form is left blank. */
export interface QuickFields {
  template: FormTemplate;
  problem: FormField;
  severity: FormField | null;
  photo: FormField | null;
  coordinates: FormField | null;
  /** Required fields quick observation cannot fill: the full form is needed then. */
  blockers: FormField[];
}

/**
 * Which form quick observation sends: the company's default scouting form (else the first scouting-like
 * one) that has a problem field; its first problem, severity, photo and coordinates fields are used.
 */
export function quickFields(templates: readonly FormTemplate[]): QuickFields | null {
  for (const template of templatesFor(templates, 'scouting')) {
    const active = template.fields.filter((f) => f.IsActive);
    const problem = active.find((f) => f.FieldType === 'problem');
    if (!problem) continue;
    const first = (type: string) => active.find((f) => f.FieldType === type) ?? null;
    const photo = first('photo');
    const severity = first('severity');
    const coordinates = first('coordinates');
    const used = new Set([problem, severity, photo, coordinates].filter(Boolean).map((f) => f!.FieldID));
    // A field hidden until another answer is not asked for while hidden.
    const blockers = active.filter((f) => f.IsRequired && !used.has(f.FieldID) && !f.HideUntil);
    return { template, problem, severity, photo, coordinates, blockers };
  }
  return null;
}

/** Severity choices: the field's own options when it lists some, else the product's one 1–5 scale. */
export function severityChoices(field: FormField | null): string[] {
  if (!field) return [];
  if (field.FieldOptions.length > 0) return field.FieldOptions;
  return SEVERITY_LEVELS.map(String);
}

/** How many problem buttons the screen shows (two columns of thumb-sized buttons). */
export const TOP_PROBLEMS = 8;

/**
 * The company's most-seen problems: names counted over recent observations (most first, then the most
 * recent), limited to the field's options when it has some, padded with those options.
 */
export function topProblems(observations: readonly ObservationListItem[], options: readonly string[], limit = TOP_PROBLEMS): string[] {
  const counts = new Map<string, { name: string; count: number; order: number }>();
  observations.forEach((o, order) => {
    const name = o.Problem.trim();
    if (!name) return;
    const key = name.toLowerCase();
    const entry = counts.get(key) ?? { name, count: 0, order };
    entry.count += 1;
    counts.set(key, entry);
  });
  const optionByKey = new Map(options.map((o) => [o.trim().toLowerCase(), o]));
  let ranked = [...counts.entries()].sort((a, b) => b[1].count - a[1].count || a[1].order - b[1].order);
  if (options.length > 0) ranked = ranked.filter(([key]) => optionByKey.has(key));
  const names = ranked.map(([key, v]) => optionByKey.get(key) ?? v.name);
  for (const o of options) if (!names.some((n) => n.toLowerCase() === o.trim().toLowerCase())) names.push(o);
  return names.slice(0, limit);
}

/** The first day of the window problems are counted over (30 days), as the observations read takes it. */
export function windowStart(today: Date, days = 30): string {
  return addDays(utcDate(today), -days);
}
