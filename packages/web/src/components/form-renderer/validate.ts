import { isCalendarDate, SEVERITY_SCALE_MAX, SEVERITY_SCALE_MIN, type FormField } from '@verdant/contract';
import type { TFunction } from 'i18next';
import { answerText, type FormAnswers } from './answers';
import { builtInText } from './built-in-texts';

const asNumber = (v: string) => (v.trim() === '' ? NaN : Number(v.trim()));

/**
 * Messages by FieldID for the visible fields, naming the field: a visible required field left blank
 * (an unticked required checkbox too), and typed answers the server would refuse. Hidden fields are
 * never checked, so a hidden required field is not required.
 */
export function validateAnswers(
  fields: readonly FormField[],
  visible: ReadonlySet<number>,
  answers: FormAnswers,
  t: TFunction,
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const field of fields) {
    if (!visible.has(field.FieldID)) continue;
    const name = builtInText(t, 'fields', field.FieldName);
    const raw = answers[field.FieldID];
    const text = answerText(raw);
    const blank = text === undefined || (field.FieldType === 'checkbox' && raw !== true);
    if (blank) {
      if (field.IsRequired) errors[field.FieldID] = t('form-renderer:errors.required', { name });
      continue;
    }
    const n = asNumber(text);
    if (field.FieldType === 'number' && !Number.isFinite(n)) errors[field.FieldID] = t('form-renderer:errors.notNumber', { name });
    if (field.FieldType === 'sticky-trap-count' && !(Number.isInteger(n) && n >= 0)) errors[field.FieldID] = t('form-renderer:errors.notCount', { name });
    if (field.FieldType === 'severity' && !field.FieldOptions.length && !(Number.isFinite(n) && n >= SEVERITY_SCALE_MIN && n <= SEVERITY_SCALE_MAX)) {
      errors[field.FieldID] = t('form-renderer:errors.notSeverity', { name, min: SEVERITY_SCALE_MIN, max: SEVERITY_SCALE_MAX });
    }
    if (field.FieldType === 'date' && !isCalendarDate(text)) errors[field.FieldID] = t('form-renderer:errors.notDate', { name });
  }
  return errors;
}
