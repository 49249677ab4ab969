// Shared by the server (checking submissions) and the web form renderer: one rule, one implementation.
/** A hide-until rule in service terms: `hiddenFieldId` stays hidden until `linkedFieldId`'s answer matches. */
export interface HideUntilRule {
  hiddenFieldId: number;
  linkedFieldId: number;
  linkedInput: string;
}

/** Answers by FieldID: a Map, or a plain object keyed by FieldID. */
export type Answers = ReadonlyMap<number, string | null | undefined> | Readonly<Record<number, string | null | undefined>>;

const answerOf = (answers: Answers, fieldId: number): string | undefined => {
  const v = answers instanceof Map ? answers.get(fieldId) : (answers as Record<number, string | null | undefined>)[fieldId];
  return v == null ? undefined : String(v);
};

const TRUE = new Set(['1', 'true', 'yes', 'on', 'checked']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/** Case and spacing do not matter; checkbox spellings of yes and no count as the same answer. */
function canonical(text: string): string {
  const t = text.trim().toLowerCase();
  if (TRUE.has(t)) return 'true';
  if (FALSE.has(t)) return 'false';
  return t;
}

/** A multi-select answer (a JSON list or comma-separated text) matches when any of its choices does. */
function choices(answer: string): string[] {
  const trimmed = answer.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v));
    } catch {
      // Not JSON after all: compared as plain text below.
    }
  }
  return trimmed.includes(',') ? [trimmed, ...trimmed.split(',')] : [trimmed];
}

/** Whether an answer satisfies a rule's linked input (see `canonical` and `choices`). */
export function answerMatches(answer: string | undefined, linkedInput: string): boolean {
  if (answer === undefined) return false;
  const wanted = canonical(linkedInput);
  return choices(answer).some((c) => canonical(c) === wanted);
}

/**
 * The fields a scout sees for these answers, in their given order. A field with a rule is hidden until
 * its linked field is itself visible and answered with the rule's input, so chains hide together; a
 * rule naming a field that is not in `fields` (retired) is ignored; a cycle hides every field in it.
 */
export function visibleFields<F extends { fieldId: number }>(fields: readonly F[], rules: readonly HideUntilRule[], answers: Answers): F[] {
  const present = new Set(fields.map((f) => f.fieldId));
  const ruleOf = new Map(rules.filter((r) => present.has(r.linkedFieldId)).map((r) => [r.hiddenFieldId, r]));
  const memo = new Map<number, boolean>();
  const visiting = new Set<number>();

  const isVisible = (fieldId: number): boolean => {
    const known = memo.get(fieldId);
    if (known !== undefined) return known;
    const rule = ruleOf.get(fieldId);
    if (!rule) return true;
    if (visiting.has(fieldId)) return false;
    visiting.add(fieldId);
    const shown = isVisible(rule.linkedFieldId) && answerMatches(answerOf(answers, rule.linkedFieldId), rule.linkedInput);
    visiting.delete(fieldId);
    memo.set(fieldId, shown);
    return shown;
  };
  return fields.filter((f) => isVisible(f.fieldId));
}

/** Required fields the scout sees but left blank: a hidden required field is not required. */
export function missingRequiredFields<F extends { fieldId: number; required: boolean }>(
  fields: readonly F[],
  rules: readonly HideUntilRule[],
  answers: Answers,
): F[] {
  return visibleFields(fields, rules, answers).filter((f) => f.required && (answerOf(answers, f.fieldId) ?? '').trim() === '');
}

/** Whether linking `hiddenFieldId` to `linkedFieldId` would close a loop through the existing rules. */
export function wouldCycle(rules: readonly HideUntilRule[], hiddenFieldId: number, linkedFieldId: number): boolean {
  const next = new Map(rules.filter((r) => r.hiddenFieldId !== hiddenFieldId).map((r) => [r.hiddenFieldId, r.linkedFieldId]));
  const seen = new Set<number>();
  for (let at: number | undefined = linkedFieldId; at !== undefined; at = next.get(at)) {
    if (at === hiddenFieldId) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
