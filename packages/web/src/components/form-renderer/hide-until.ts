import { visibleFields, type FormField, type HideUntilRule } from '@verdant/contract';

export { answerMatches } from '@verdant/contract';

/**
 * The FieldIDs a scout sees, given the answers as they will be sent (unanswered fields absent): the
 * contract's rule, the same the server applies when it checks a submission.
 */
export function visibleFieldIds(fields: readonly FormField[], answers: ReadonlyMap<number, string>): Set<number> {
  const active = fields.filter((f) => f.IsActive).map((f) => ({ fieldId: f.FieldID, rule: f.HideUntil }));
  const rules: HideUntilRule[] = active.flatMap((f) =>
    f.rule
      ? [{ hiddenFieldId: f.fieldId, linkedFieldId: f.rule.form_field_linked_FieldID, linkedInput: f.rule.form_field_linked_input }]
      : [],
  );
  return new Set(visibleFields(active, rules, answers).map((f) => f.fieldId));
}
