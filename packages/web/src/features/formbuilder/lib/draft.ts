import { OPTION_FIELD_TYPES, type FieldType, type FormField, type FormTemplate } from '@verdant/contract';
import type { NewFieldPayload, UpdatedFieldPayload } from '../../../api/forms';
import type { HideUntilInput } from '../../../api/form-hide-until';

/** A hide-until rule inside the builder: which field (by draft key) must have which answer. */
export interface DraftRule {
  linkedKey: string;
  input: string;
}

/** One field as the builder edits it; `FieldID` is null until it is saved. */
export interface DraftField {
  key: string;
  FieldID: number | null;
  name: string;
  type: FieldType | string;
  options: string[];
  required: boolean;
  active: boolean;
  cssClass: string;
  reportId: number | null;
  rule: DraftRule | null;
}

export interface Draft {
  templateID: number | null;
  name: string;
  category: string;
  pageCss: string;
  fields: DraftField[];
}

/** Types whose options the builder edits: required for select lists, optional for severity and problem. */
export const needsOptions = (type: string) => (OPTION_FIELD_TYPES as readonly string[]).includes(type);
export const takesOptions = (type: string) => needsOptions(type) || type === 'severity' || type === 'problem';

const keyOf = (fieldId: number) => `f${fieldId}`;
let counter = 0;
export const newKey = () => `n${Date.now().toString(36)}${(counter++).toString(36)}`;

export function emptyDraft(): Draft {
  return { templateID: null, name: '', category: '', pageCss: '', fields: [] };
}

export function newField(type: FieldType): DraftField {
  return { key: newKey(), FieldID: null, name: '', type, options: [], required: false, active: true, cssClass: '', reportId: null, rule: null };
}

export function fromTemplate(t: FormTemplate): Draft {
  return {
    templateID: t.TemplateID,
    name: t.TemplateName,
    category: t.FormCategory,
    pageCss: t.PageCSS,
    fields: t.fields.map((f) => ({
      key: keyOf(f.FieldID),
      FieldID: f.FieldID,
      name: f.FieldName,
      type: f.FieldType,
      options: [...f.FieldOptions],
      required: f.IsRequired,
      active: f.IsActive,
      cssClass: f.CSSClass,
      reportId: f.report_id,
      rule: f.HideUntil ? { linkedKey: keyOf(f.HideUntil.form_field_linked_FieldID), input: f.HideUntil.form_field_linked_input } : null,
    })),
  };
}

/** Ids the preview uses: saved fields keep their FieldID, new ones get negative stand-ins. */
function previewIds(draft: Draft): Map<string, number> {
  return new Map(draft.fields.map((f, i) => [f.key, f.FieldID ?? -(i + 1)]));
}

/** The draft as the form renderer takes it: exactly what a scout will see once it is saved. */
export function toPreviewTemplate(draft: Draft): Pick<FormTemplate, 'TemplateName' | 'PageCSS'> & { fields: FormField[] } {
  const ids = previewIds(draft);
  return {
    TemplateName: draft.name,
    PageCSS: draft.pageCss,
    fields: draft.fields.map((f, i) => {
      const id = ids.get(f.key)!;
      const linked = f.rule ? ids.get(f.rule.linkedKey) : undefined;
      return {
        FieldID: id,
        TemplateID: draft.templateID ?? 0,
        FieldName: f.name.trim() || '…',
        FieldType: f.type,
        FieldOptions: cleanOptions(f.options),
        IsRequired: f.required,
        IsActive: f.active,
        CSSClass: f.cssClass,
        report_id: f.reportId,
        Position: i,
        HideUntil:
          f.rule && linked !== undefined && f.rule.input.trim()
            ? { form_field_hidden_UID: '', form_field_hidden_FieldID: id, form_field_linked_FieldID: linked, form_field_linked_input: f.rule.input }
            : null,
      };
    }),
  };
}

/** Whether linking `key` to `linkedKey` would close a loop through the other rules. */
export function wouldCycle(fields: readonly DraftField[], key: string, linkedKey: string): boolean {
  const next = new Map(fields.filter((f) => f.rule && f.key !== key).map((f) => [f.key, f.rule!.linkedKey]));
  const seen = new Set<string>();
  for (let at: string | undefined = linkedKey; at !== undefined; at = next.get(at)) {
    if (at === key) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}

export type DraftErrors = { name?: string; fields?: string; byField: Record<string, { name?: string; options?: string; rule?: string }> };

/** What must be fixed before saving; message keys of the formbuilder namespace. */
export function checkDraft(draft: Draft): DraftErrors | null {
  const errors: DraftErrors = { byField: {} };
  if (!draft.name.trim()) errors.name = 'editor.errors.nameRequired';
  if (!draft.fields.some((f) => f.active)) errors.fields = 'editor.errors.noFields';
  const seen = new Set<string>();
  for (const f of draft.fields) {
    const e: DraftErrors['byField'][string] = {};
    const name = f.name.trim().toLowerCase();
    if (!name) e.name = 'editor.errors.fieldNameRequired';
    else if (seen.has(name)) e.name = 'editor.errors.fieldNameTaken';
    seen.add(name);
    if (needsOptions(f.type) && cleanOptions(f.options).length === 0) e.options = 'editor.errors.optionsRequired';
    if (f.rule && (!f.rule.linkedKey || !f.rule.input.trim())) e.rule = 'editor.errors.ruleIncomplete';
    if (Object.keys(e).length) errors.byField[f.key] = e;
  }
  return errors.name || errors.fields || Object.keys(errors.byField).length ? errors : null;
}

/** Options as saved: trimmed, blanks and repeats dropped. */
export const cleanOptions = (options: readonly string[]) => [...new Set(options.map((o) => o.trim()).filter(Boolean))];

const toNew = (f: DraftField, position: number): NewFieldPayload => ({
  fieldName: f.name.trim(),
  fieldType: f.type,
  fieldOptions: takesOptions(f.type) ? cleanOptions(f.options) : [],
  report_id: f.reportId,
  cssClass: f.cssClass.trim(),
  isRequired: f.required ? 1 : 0,
  position,
});

/** POST /save_form_template's fields: every field of a new template (unsaved removed ones are simply gone). */
export function newTemplateFields(draft: Draft): NewFieldPayload[] {
  return draft.fields.map(toNew);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** POST /update_form_template's newFields and updatedFields: new fields, and saved ones with only what changed. */
export function templateChanges(draft: Draft, saved: Draft): { newFields: NewFieldPayload[]; updatedFields: UpdatedFieldPayload[] } {
  const before = new Map(saved.fields.map((f, i) => [f.key, { f, i }]));
  const newFields: NewFieldPayload[] = [];
  const updatedFields: UpdatedFieldPayload[] = [];
  draft.fields.forEach((f, position) => {
    const old = before.get(f.key);
    if (f.FieldID === null || !old) {
      newFields.push(toNew(f, position));
      return;
    }
    const u: UpdatedFieldPayload = { FieldID: f.FieldID };
    if (f.name.trim() !== old.f.name) u.fieldName = f.name.trim();
    if (f.type !== old.f.type) u.fieldType = f.type;
    if (!sameList(cleanOptions(f.options), old.f.options)) u.fieldOptions = cleanOptions(f.options);
    if (f.cssClass.trim() !== old.f.cssClass) u.cssClass = f.cssClass.trim();
    if (f.required !== old.f.required) u.isRequired = f.required ? 1 : 0;
    if (f.active !== old.f.active) u.IsActive = f.active ? 1 : 0;
    if (position !== old.i) u.position = position;
    if (Object.keys(u).length > 1) updatedFields.push(u);
  });
  return { newFields, updatedFields };
}

export type RuleCall =
  | { kind: 'add'; input: HideUntilInput }
  | { kind: 'update'; input: HideUntilInput }
  | { kind: 'delete'; hiddenFieldId: number };

/**
 * The hide-until calls that make the saved template match the draft, once every field has a FieldID.
 * `ids` maps draft keys to the saved FieldIDs; `before` is the template as it was (null when new).
 */
export function ruleCalls(draft: Draft, ids: ReadonlyMap<string, number>, before: Draft | null): RuleCall[] {
  const old = new Map((before?.fields ?? []).map((f) => [f.key, f.rule]));
  const calls: RuleCall[] = [];
  for (const f of draft.fields) {
    const hiddenFieldId = ids.get(f.key);
    if (hiddenFieldId === undefined) continue;
    const was = old.get(f.key) ?? null;
    const linkedFieldId = f.rule ? ids.get(f.rule.linkedKey) : undefined;
    const want = f.rule && linkedFieldId !== undefined ? { hiddenFieldId, linkedFieldId, linkedInput: f.rule.input.trim() } : null;
    if (!want && was) calls.push({ kind: 'delete', hiddenFieldId });
    else if (want && !was) calls.push({ kind: 'add', input: want });
    else if (want && was && (was.linkedKey !== f.rule!.linkedKey || was.input.trim() !== want.linkedInput)) calls.push({ kind: 'update', input: want });
  }
  return calls;
}

/** Draft keys → FieldIDs after saving: saved fields keep theirs, new ones are found by name (unique in a template). */
export function savedIds(draft: Draft, template: FormTemplate): Map<string, number> {
  const byName = new Map(template.fields.map((f) => [f.FieldName.trim().toLowerCase(), f.FieldID]));
  const ids = new Map<string, number>();
  for (const f of draft.fields) {
    const id = f.FieldID ?? byName.get(f.name.trim().toLowerCase());
    if (id !== undefined) ids.set(f.key, id);
  }
  return ids;
}

export function moveField(fields: DraftField[], from: number, to: number): DraftField[] {
  if (from === to || to < 0 || to >= fields.length) return fields;
  const next = [...fields];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
