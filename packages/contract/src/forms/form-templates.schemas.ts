import { z } from 'zod';
import { Flag01, Id } from '../common/fields.js';
import { FIELD_TYPES, TEMPLATE_TYPES } from './field-types.js';
import { jsonText } from '../common/json-text.js';

export const FIELD_NAME_MAX = 200;
export const TEMPLATE_NAME_MAX = 200;
export const FORM_CATEGORY_MAX = 100;
export const FIELD_OPTION_MAX = 200;
export const FIELD_OPTIONS_MAX = 200;
export const TEMPLATE_FIELDS_MAX = 200;
/** Raw lengths accepted before sanitising; what is stored is never longer. */
export const CSS_CLASS_INPUT_MAX = 1_000;
export const PAGE_CSS_INPUT_MAX = 20_000;
export const LINKED_INPUT_MAX = 500;

/** Field types whose answer is one of `fieldOptions`: they need at least one option. */
export const OPTION_FIELD_TYPES = ['select', 'multi-select'] as const;

export const FieldTypeSchema = z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` });
export const TemplateTypeSchema = z.enum(TEMPLATE_TYPES, { error: `must be one of ${TEMPLATE_TYPES.join(', ')}` });

/** Options arrive as a list, as JSON text of a list, or as comma-separated text; blanks are dropped. */
export const FieldOptionsInput = z.preprocess(
  (v) => {
    if (v === null || v === undefined || v === '') return [];
    const parsed = jsonText(v);
    const list = typeof parsed === 'string' ? parsed.split(',') : parsed;
    return Array.isArray(list) ? list.map((o) => (typeof o === 'number' ? String(o) : o)) : list;
  },
  z
    .array(z.string({ error: 'must be a list of texts' }).trim().max(FIELD_OPTION_MAX, { error: `must hold options of at most ${FIELD_OPTION_MAX} characters` }), {
      error: 'must be a list of texts',
    })
    .max(FIELD_OPTIONS_MAX, { error: `must list at most ${FIELD_OPTIONS_MAX} options` })
    .transform((list) => [...new Set(list.filter((o) => o !== ''))]),
);

const FieldName = z.string({ error: 'must be a text' }).trim().min(1, { error: 'is required' }).max(FIELD_NAME_MAX, {
  error: `must be at most ${FIELD_NAME_MAX} characters`,
});
const CssClassInput = z.string({ error: 'must be a text' }).max(CSS_CLASS_INPUT_MAX, { error: `must be at most ${CSS_CLASS_INPUT_MAX} characters` });
const ReportId = z.preprocess((v) => (v === '' || v === 'null' ? null : v), Id.nullable());
const Position = z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).max(10_000, { error: 'must be at most 10000' });

/**
 * Inside lists the route layer cannot tell a missing value from a wrong one, so items say it
 * themselves: 'fields.0.fieldName is required.'
 */
const present = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v, ctx) => {
    if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: 'is required', input: v });
    return v;
  }, schema);

const needsOptions = (type: string | undefined) => (OPTION_FIELD_TYPES as readonly string[]).includes(type ?? '');

/** One field as the form builder sends it (its payload names, unchanged). */
export const NewFieldInput = z
  .object({
    fieldName: present(FieldName),
    fieldType: present(FieldTypeSchema),
    fieldOptions: FieldOptionsInput.optional(),
    report_id: ReportId.optional(),
    cssClass: CssClassInput.optional(),
    isRequired: Flag01.default(0),
    position: Position.optional(),
  })
  .superRefine((f, ctx) => {
    if (needsOptions(f.fieldType) && !f.fieldOptions?.length) {
      ctx.addIssue({ code: 'custom', path: ['fieldOptions'], message: 'must list at least one option for a select or multi-select field' });
    }
  });
export type NewFieldInput = z.output<typeof NewFieldInput>;

/** A change to an existing field: its FieldID and only what changes; IsActive 0 retires it (answers stay). */
export const UpdatedFieldInput = z.object({
  FieldID: present(Id),
  fieldName: FieldName.optional(),
  fieldType: FieldTypeSchema.optional(),
  fieldOptions: FieldOptionsInput.optional(),
  report_id: ReportId.optional(),
  cssClass: CssClassInput.optional(),
  isRequired: Flag01.optional(),
  IsActive: Flag01.optional(),
  position: Position.optional(),
});
export type UpdatedFieldInput = z.output<typeof UpdatedFieldInput>;

export const FieldList = <S extends z.ZodType>(item: S, min: number) =>
  z.preprocess(
    jsonText,
    z
      .array(item, { error: 'must be a list of fields' })
      .min(min, { error: 'must list at least one field' })
      .max(TEMPLATE_FIELDS_MAX, { error: `must list at most ${TEMPLATE_FIELDS_MAX} fields` }),
  );

export const TemplateName = z.string({ error: 'must be a text' }).trim().min(1, { error: 'is required' }).max(TEMPLATE_NAME_MAX, {
  error: `must be at most ${TEMPLATE_NAME_MAX} characters`,
});
export const FormCategory = z.string({ error: 'must be a text' }).trim().min(1, { error: 'is required' }).max(FORM_CATEGORY_MAX, {
  error: `must be at most ${FORM_CATEGORY_MAX} characters`,
});
export const PageCssInput = z.string({ error: 'must be a text' }).max(PAGE_CSS_INPUT_MAX, { error: `must be at most ${PAGE_CSS_INPUT_MAX} characters` });

/** A hide-until rule: the hidden field stays hidden until the linked field's answer equals the input. */
export const HideUntilLink = z.object({
  form_field_hidden_UID: z.string(),
  form_field_hidden_FieldID: z.number(),
  form_field_linked_FieldID: z.number(),
  form_field_linked_input: z.string(),
});
export type HideUntilLink = z.infer<typeof HideUntilLink>;

export const FormField = z.object({
  FieldID: z.number(),
  TemplateID: z.number(),
  FieldName: z.string(),
  FieldType: z.string(),
  FieldOptions: z.array(z.string()),
  IsRequired: z.boolean(),
  IsActive: z.boolean(),
  CSSClass: z.string(),
  report_id: z.number().nullable(),
  Position: z.number(),
  /** The rule that hides this field, if any, so the client can render it. */
  HideUntil: HideUntilLink.nullable(),
});
export type FormField = z.infer<typeof FormField>;

export const FormTemplate = z.object({
  TemplateID: z.number(),
  TemplateName: z.string(),
  CompanyID: z.number(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  FormCategory: z.string(),
  PageCSS: z.string(),
  /** The template type this template is the company's default for, if any. */
  DefaultForType: TemplateTypeSchema.nullable(),
  /** Set when the template was retired; kept so its old responses stay readable. */
  DeletedAt: z.string().nullable(),
  /** Every field, retired ones too (IsActive false), in display order. */
  fields: z.array(FormField),
});
export type FormTemplate = z.infer<typeof FormTemplate>;

export const FieldTypeInfo = z.object({
  type: FieldTypeSchema,
  label: z.string(),
  description: z.string(),
  needs_options: z.boolean(),
});
