import type { FieldResponseInput, FormField } from '@verdant/contract';

/**
 * One answer as the form holds it: text (text, number, date, select, problem, severity, counts,
 * coordinates), a list (multi-select), a tick (checkbox) or a photo (already compressed).
 */
export type FormAnswer = string | string[] | boolean | Blob | null;
/** Answers by FieldID. */
export type FormAnswers = Record<number, FormAnswer>;

/** What a photo field sends in `fieldResponses`; the picture itself goes to /submit_form_image afterwards. */
export const PHOTO_PLACEHOLDER = 'image';

const isBlob = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/** The text an answer is sent as, or undefined when it is blank (blank answers are not sent). */
export function answerText(value: FormAnswer | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (isBlob(value)) return PHOTO_PLACEHOLDER;
  if (Array.isArray(value)) return value.length ? JSON.stringify(value.map(String)) : undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}

/** Answers as the server will read them: FieldID → text, blanks left out. */
export function answerMap(answers: FormAnswers): Map<number, string> {
  const map = new Map<number, string>();
  for (const [id, value] of Object.entries(answers)) {
    const text = answerText(value);
    if (text !== undefined) map.set(Number(id), text);
  }
  return map;
}

/**
 * The contract's `fieldResponses`: `[{ fieldID: number, inputData: string }]`, blanks left out. Lists
 * travel as JSON text, ticks as '1'/'0', photos as 'image' (send the picture with /submit_form_image).
 */
export function toFieldResponses(answers: FormAnswers): Array<{ fieldID: number; inputData: string }> {
  return [...answerMap(answers)].map(([fieldID, inputData]) => ({ fieldID, inputData })) satisfies FieldResponseInput[];
}

/** The photos among the answers, to upload once the response exists. */
export function photosOf(answers: FormAnswers): Array<{ fieldID: number; image: Blob }> {
  return Object.entries(answers).flatMap(([id, v]) => (isBlob(v) ? [{ fieldID: Number(id), image: v }] : []));
}

/** A field's starting answer: checkboxes start unticked, the rest empty. */
export function emptyAnswer(field: Pick<FormField, 'FieldType'>): FormAnswer {
  if (field.FieldType === 'checkbox') return false;
  if (field.FieldType === 'multi-select') return [];
  return '';
}
