import { z } from 'zod';
import { DateOnly, DateTime, Id } from '../common/fields.js';
import { jsonText } from '../common/json-text.js';
import { SEVERITY_SCALE_MAX, SEVERITY_SCALE_MIN } from '../problem_colors/problem-vocabulary.js';

/**
 * What a scout typed: text, a number, a checkbox, or a list (multi-select). Stored as text: lists as
 * JSON, booleans as 1/0, nothing as ''.
 */
export const InputData = z
  .union(
    [z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()],
    { error: 'must be text, a number, true/false or a list' },
  )
  .transform((v) => {
    if (v === null) return '';
    if (typeof v === 'boolean') return v ? '1' : '0';
    if (Array.isArray(v)) return JSON.stringify(v.map(String));
    return String(v);
  });

export const FieldResponseInput = z.object({
  fieldID: Id,
  inputData: InputData.optional().transform((v) => v ?? ''),
});
export type FieldResponseInput = z.infer<typeof FieldResponseInput>;

/** At most this many answers per submission (a template with more fields is not a scouting form). */
export const MAX_FIELD_RESPONSES = 200;
/** At most this many boxes per multi-select submission. */
export const MAX_SUBMIT_BOXES = 500;

export const FieldResponses = z.preprocess(
  jsonText,
  z
    .array(FieldResponseInput, { error: 'must be a list of {fieldID, inputData}' })
    .min(1, { error: 'must hold at least one answer' })
    .max(MAX_FIELD_RESPONSES, { error: `must hold at most ${MAX_FIELD_RESPONSES} answers` }),
);

/** Box ids as the spec sends them: strings (numbers are accepted too). */
export const GridBoxIDList = z.preprocess(
  (v) => {
    const parsed = jsonText(v);
    // A form field repeated, or a single id, arrives as a string: make it a list.
    if (typeof parsed === 'string' || typeof parsed === 'number') return String(parsed).split(',').map((s) => s.trim());
    return parsed;
  },
  z
    .array(Id, { error: 'must be a list of grid box ids' })
    .min(1, { error: 'must name at least one grid box' })
    .max(MAX_SUBMIT_BOXES, { error: `must name at most ${MAX_SUBMIT_BOXES} grid boxes` }),
);

/**
 * When the scout filled the form in (ISO date-time), for submissions queued offline. Stored as the
 * response's observed time; the server checks it is at most 5 minutes ahead and 30 days old.
 */
export const SubmittedAt = DateTime;
export const OBSERVED_AT_MAX_FUTURE_MS = 5 * 60_000;
export const OBSERVED_AT_MAX_AGE_DAYS = 30;

export const FieldResponse = z.object({
  field_response_id: z.number(),
  fieldID: z.number(),
  FieldName: z.string(),
  FieldType: z.string(),
  inputData: z.string(),
});

/**
 * A photo taken with a form: the stored image and its 320-px thumbnail, both fetched from GET /image with
 * the caller's token (another company's key is a 404). `FieldName` is the photo field it answers (null for a
 * response's own image with no photo answer), what a viewer uses for alt text.
 */
export const Photo = z.object({
  image_url: z.string(),
  thumb_url: z.string(),
  FieldName: z.string().nullable(),
});
export type Photo = z.infer<typeof Photo>;

/** One submission as every read answers it. Dates are ISO date-times (UTC). */
export const FormResponse = z.object({
  response_id: z.number(),
  TemplateID: z.number(),
  TemplateName: z.string(),
  FormCategory: z.string(),
  kind: z.enum(['box', 'boxes', 'room', 'image']),
  RoomID: z.number().nullable(),
  GridID: z.number().nullable(),
  GridBoxID: z.number().nullable(),
  Sub_gridboxID: z.number().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  SubmittedBy: z.number().nullable(),
  SubmittedByName: z.string().nullable(),
  SubmittedAt: z.string(),
  ObservedAt: z.string(),
  status: z.string(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  comment_count: z.number(),
  fieldResponses: z.array(FieldResponse),
  /** Every photo of the response, in field order: what thumbnails show (`image_url` above is only the first). */
  photos: z.array(Photo),
});
export type FormResponse = z.infer<typeof FormResponse>;

/** An inclusive range of days ('YYYY-MM-DD', UTC) over the time a response was observed. */
export const DateRange = {
  start_date: DateOnly.unwrap(),
  end_date: DateOnly.unwrap(),
};
export const OptionalDateRange = {
  start_date: DateOnly.unwrap().optional(),
  end_date: DateOnly.unwrap().optional(),
};

export const formResponsesMessages = {
  submitFailed: 'Failed to submit form.',
  imageFailed: 'Error submitting form image',
  noResponse: 'No response received from the server',
  submitted: 'Form submitted.',
  submittedBoxes: (n: number) => `Form submitted for ${n} grid box${n === 1 ? '' : 'es'}.`,
  imageSaved: 'Image saved.',
  required: (fieldName: string) => `${fieldName} is required.`,
  unknownField: (id: number) => `Field ${id} is not a field of an active form template.`,
  twoTemplates: 'All fieldResponses must belong to one form template.',
  templateMismatch: (id: number, templateId: number) => `Field ${id} does not belong to form template ${templateId}.`,
  duplicateField: (name: string) => `${name} is answered more than once.`,
  notNumber: (name: string) => `${name} must be a number.`,
  notCount: (name: string) => `${name} must be a whole number of 0 or more.`,
  notSeverity: (name: string) => `${name} must be a number from ${SEVERITY_SCALE_MIN} to ${SEVERITY_SCALE_MAX}.`,
  notDate: (name: string) => `${name} must be a date as YYYY-MM-DD.`,
  notOption: (name: string, options: string[]) => `${name} must be one of: ${options.join(', ')}.`,
  notCheckbox: (name: string) => `${name} must be checked or unchecked (1 or 0).`,
  tooLong: (name: string, max: number) => `${name} must be at most ${max} characters.`,
  futureObserved: 'submittedAt must not be in the future.',
  oldObserved: `submittedAt must be within the last ${OBSERVED_AT_MAX_AGE_DAYS} days.`,
  boxOrBoxes: 'Send either GridBoxID or GridBoxIDs, not both.',
  oneBoxOnly: 'GridBoxIDs must name one grid box here; use /submit_form_boxes for several.',
  subBoxElsewhere: 'Sub_gridboxID is not in this grid box.',
  asYourself: 'You can only submit forms as yourself.',
  endBeforeStart: 'end_date must not be before start_date.',
  notPhotoField: (name: string) => `${name} is not a photo field.`,
  fieldNotInResponse: (id: number) => `Field ${id} is not a field of this response's form template.`,
  multiselectTitle: (room: string) => `Submitted MultiSelect Template in room ${room}`,
} as const;
