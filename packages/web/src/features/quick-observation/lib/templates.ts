import type { FormTemplate, TemplateType } from '@verdant/contract';

/** Live templates with at least one active field. */
const live = (templates: readonly FormTemplate[]) => templates.filter((t) => !t.DeletedAt && t.fields.some((f) => f.IsActive));

/**
 * The templates a place offers, its type's default first: the company's default (PUT
 * /update_default_template, read back as `DefaultForType`), then templates of that category, then by name.
 */
export function templatesFor(templates: readonly FormTemplate[], preferred: TemplateType): FormTemplate[] {
  return live(templates).sort(
    (a, b) =>
      Number(b.DefaultForType === preferred) - Number(a.DefaultForType === preferred) ||
      Number(b.FormCategory === preferred) - Number(a.FormCategory === preferred) ||
      a.TemplateName.localeCompare(b.TemplateName),
  );
}

/** The company's default scouting form, if one is set. */
export function defaultScoutingForm(templates: readonly FormTemplate[]): FormTemplate | null {
  return live(templates).find((t) => t.DefaultForType === 'scouting') ?? null;
}
