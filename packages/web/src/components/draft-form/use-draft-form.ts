import { useCallback } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/** A field's refusal as the form holds it: a locale key of the form's namespace, or a server text already in the reader's language. */
const SERVER = 'server';

/**
 * The zod schema of a form's draft: `rules` says, field by field, the locale key of its first problem
 * (the contract's messages and limits), and a valid draft becomes `toRequest`'s call input — the
 * contract's endpoint input, which `callEndpoint` parses with the endpoint's schema before it travels.
 */
export function draftSchema<D extends FieldValues, Out>(rules: (draft: D) => Partial<Record<Path<D>, string>>, toRequest: (draft: D) => Out) {
  return z
    .custom<D>((v) => typeof v === 'object' && v !== null)
    .superRefine((draft, ctx) => {
      for (const [field, key] of Object.entries(rules(draft)) as Array<[string, string | undefined]>) {
        if (key) ctx.addIssue({ code: 'custom', path: [field], message: key });
      }
    })
    .transform(toRequest);
}

/**
 * One form's state on react-hook-form, the way every draft form here behaves: the rules are checked on
 * save (not while typing); changing a field clears that field's refusal until the next save; a server
 * refusal that names a wire field shows under its form field (`wireField`), any other above the form.
 */
export function useDraftForm<D extends FieldValues, Out>(options: {
  schema: z.ZodType<Out, D>;
  defaultValues: D;
  /** The wire field a server 400 names → the form field it belongs to (none: every refusal shows above the form). */
  wireField?: Readonly<Record<string, Path<D>>>;
}) {
  const { schema, defaultValues, wireField } = options;
  const form = useForm<D, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<D>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, setValue, clearErrors, setError, formState } = form;
  const draft = useWatch({ control }) as D;

  const change = useCallback(
    (patch: Partial<D>) => {
      const fields = Object.keys(patch) as Array<Path<D>>;
      for (const field of fields) setValue(field, patch[field] as PathValue<D, Path<D>>);
      clearErrors(fields);
    },
    [setValue, clearErrors],
  );

  const errors = formState.errors as Partial<Record<string, { type?: string; message?: string }>> & { root?: Record<string, { message?: string }> };

  /** The field's refusal in the reader's language (`translate` reads the form's locale keys). */
  const errorOf = (field: Path<D>, translate: (key: string) => string): string | undefined => {
    const e = errors[field];
    if (!e?.message) return undefined;
    return e.type === SERVER ? e.message : translate(e.message);
  };

  /** True when the form's own rules refused a field (a server refusal under a field does not count). */
  const hasRuleErrors = Object.entries(errors).some(([name, e]) => name !== 'root' && e?.type !== SERVER);
  const serverError = errors.root?.[SERVER]?.message;

  /** Shows a refused save: under the wire field the error names, or above the form. */
  const showServerError = useCallback(
    (err: unknown, text: string) => {
      const wire = typeof err === 'object' && err !== null && 'field' in err && typeof err.field === 'string' ? err.field : undefined;
      const field = wire ? wireField?.[wire] : undefined;
      if (field) setError(field, { type: SERVER, message: text });
      else setError(`root.${SERVER}`, { type: SERVER, message: text });
    },
    [setError, wireField],
  );

  return { form, draft, change, errorOf, hasRuleErrors, serverError, showServerError };
}
