import { DAY_MS, formResponsesMessages as msg, isCalendarDate, SEVERITY_SCALE_MAX, SEVERITY_SCALE_MIN } from '@verdant/contract';
import { visibleFields } from '../form_templates/index.js';
import { splitList } from '../../lib/split-list.js';

/** A template's field as the rules need it. */
export interface FormFieldDef {
  field_id: number;
  field_name: string;
  field_type: string;
  options: string[];
  is_required: boolean;
  is_active: boolean;
}

/** "Hidden until `linked_field_id` is answered `linked_input`." */
export interface HideLink {
  hidden_field_id: number;
  linked_field_id: number;
  linked_input: string;
}

export interface Answer {
  fieldID: number;
  inputData: string;
}

export interface AcceptedAnswer {
  field: FormFieldDef;
  inputData: string;
}

export interface Issue {
  message: string;
  field: string;
}

export type Checked = { ok: true; answers: AcceptedAnswer[] } | { ok: false; issue: Issue };

const TEXT_MAX = 10_000;
const TRUE = new Set(['1', 'true', 'yes', 'on', 'checked']);
const FALSE = new Set(['0', 'false', 'no', 'off', 'unchecked']);

const norm = (s: string) => {
  const v = s.trim().toLowerCase();
  if (TRUE.has(v)) return 'true';
  if (FALSE.has(v)) return 'false';
  return v;
};

/** The active fields a scout sees given these answers (the form_templates module's hide-until rule). */
export function visibleFieldIds(fields: FormFieldDef[], links: HideLink[], answers: Map<number, string>): Set<number> {
  const active = fields.filter((f) => f.is_active).map((f) => ({ fieldId: f.field_id }));
  const rules = links.map((l) => ({ hiddenFieldId: l.hidden_field_id, linkedFieldId: l.linked_field_id, linkedInput: l.linked_input }));
  return new Set(visibleFields(active, rules, answers).map((f) => f.fieldId));
}

const isBlank = (v: string | undefined) => v === undefined || v.trim() === '' || v.trim() === '[]';
const inOptions = (options: string[], value: string) => options.some((o) => o.trim().toLowerCase() === value.trim().toLowerCase());
const isDate = (v: string) => {
  const t = v.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return isCalendarDate(t);
  return /^\d{4}-\d{2}-\d{2}T/.test(t) && !Number.isNaN(Date.parse(t));
};
const asNumber = (v: string) => (v.trim() === '' ? NaN : Number(v.trim()));

/** The type rule of one non-blank answer, or the message saying what is wrong. */
export function typeIssue(field: FormFieldDef, value: string): string | null {
  const name = field.field_name;
  const options = field.options;
  switch (field.field_type) {
    case 'number':
      return Number.isFinite(asNumber(value)) ? null : msg.notNumber(name);
    case 'sticky-trap-count': {
      const n = asNumber(value);
      return Number.isInteger(n) && n >= 0 ? null : msg.notCount(name);
    }
    case 'severity': {
      if (options.length && inOptions(options, value)) return null;
      const n = asNumber(value);
      return Number.isFinite(n) && n >= SEVERITY_SCALE_MIN && n <= SEVERITY_SCALE_MAX ? null : options.length ? msg.notOption(name, options) : msg.notSeverity(name);
    }
    case 'date':
      return isDate(value) ? null : msg.notDate(name);
    case 'select':
      return !options.length || inOptions(options, value) ? null : msg.notOption(name, options);
    case 'multi-select':
    case 'problem':
      return !options.length || splitList(value).every((v) => inOptions(options, v)) ? null : msg.notOption(name, options);
    case 'checkbox':
      return TRUE.has(value.trim().toLowerCase()) || FALSE.has(value.trim().toLowerCase()) ? null : msg.notCheckbox(name);
    default:
      return value.length > TEXT_MAX ? msg.tooLong(name, TEXT_MAX) : null;
  }
}

/**
 * Checks a submission against its template: every answered field is a field of it, answered once;
 * hidden fields are neither required nor kept; visible required fields are answered (a required
 * checkbox is checked); answers match their types. Answers come back in the template's field order.
 */
export function checkAnswers(fields: FormFieldDef[], links: HideLink[], answers: Answer[]): Checked {
  const byId = new Map(fields.map((f) => [f.field_id, f]));
  const given = new Map<number, string>();
  const indexOf = new Map<number, number>();
  for (const [i, a] of answers.entries()) {
    const field = byId.get(a.fieldID);
    if (!field || !field.is_active) return { ok: false, issue: { message: msg.unknownField(a.fieldID), field: `fieldResponses[${i}].fieldID` } };
    if (given.has(a.fieldID)) return { ok: false, issue: { message: msg.duplicateField(field.field_name), field: `fieldResponses[${i}].fieldID` } };
    given.set(a.fieldID, a.inputData.trim());
    indexOf.set(a.fieldID, i);
  }
  const visible = visibleFieldIds(fields, links, given);
  const accepted: AcceptedAnswer[] = [];
  for (const field of fields) {
    if (!visible.has(field.field_id)) continue;
    const value = given.get(field.field_id);
    const unchecked = field.field_type === 'checkbox' && value !== undefined && norm(value) === 'false';
    if (field.is_required && (isBlank(value) || unchecked)) {
      return { ok: false, issue: { message: msg.required(field.field_name), field: field.field_name } };
    }
    if (value === undefined) continue;
    if (!isBlank(value)) {
      const problem = typeIssue(field, value);
      if (problem) return { ok: false, issue: { message: problem, field: `fieldResponses[${indexOf.get(field.field_id)}].inputData` } };
    }
    accepted.push({ field, inputData: value });
  }
  return { ok: true, answers: accepted };
}

/** The response's severity: its first answered `severity` field, as a number (an option's 1-based place). */
export function severityOf(answers: AcceptedAnswer[]): number | null {
  for (const { field, inputData } of answers) {
    if (field.field_type !== 'severity' || isBlank(inputData)) continue;
    const n = asNumber(inputData);
    if (Number.isFinite(n)) return n;
    const at = field.options.findIndex((o) => o.trim().toLowerCase() === inputData.trim().toLowerCase());
    if (at >= 0) return at + 1;
  }
  return null;
}

/** When the scout observed it: now, or the offline client's time when it is neither ahead nor too old. */
export function observedAt(submittedAt: string | undefined, now: Date, maxFutureMs: number, maxAgeDays: number): Date | Issue {
  if (!submittedAt) return now;
  const at = new Date(submittedAt);
  if (at.getTime() > now.getTime() + maxFutureMs) return { message: msg.futureObserved, field: 'submittedAt' };
  if (at.getTime() < now.getTime() - maxAgeDays * DAY_MS) return { message: msg.oldObserved, field: 'submittedAt' };
  return at;
}
