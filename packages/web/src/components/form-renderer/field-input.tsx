import { useTranslation } from 'react-i18next';
import type { FormField } from '@verdant/contract';
import { Field, FieldMessages, Input, RequiredMark, Select, Textarea } from '../ui';
import { cn } from '../../lib/cn';
import type { FormAnswer } from './answers';
import { PhotoInput } from './photo-input';
import { ProblemPicker } from './problem-picker';
import type { ProblemChoice } from './use-problem-library';
import { useBuiltInText } from './built-in-texts';

export interface FieldInputProps {
  field: FormField;
  controlId: string;
  value: FormAnswer | undefined;
  error?: string;
  onChange: (value: FormAnswer) => void;
  problems: { choices: readonly ProblemChoice[]; loading: boolean; unavailable: boolean };
}

const str = (v: FormAnswer | undefined) => (typeof v === 'string' ? v : '');
const choiceClasses = (checked: boolean) =>
  cn(
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
    checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
  );

/** A group of choices (checkbox, multi-select, severity buttons): a fieldset whose legend is the field name. */
function Group({ field, controlId, error, children, hint }: { field: FormField; controlId: string; error?: string; hint?: string; children: React.ReactNode }) {
  const builtIn = useBuiltInText();
  const errorId = error ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">
        {builtIn.field(field.FieldName)}
        {field.IsRequired && <RequiredMark />}
      </legend>
      {children}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}

/** One field of a form, by its type (FIELD_TYPES); unknown types render as text. */
export function FieldInput({ field, controlId, value, error, onChange, problems }: FieldInputProps) {
  const { t } = useTranslation('form-renderer');
  const builtIn = useBuiltInText();
  const label = builtIn.field(field.FieldName);
  const required = field.IsRequired;
  const common = { label, error, required, id: controlId };

  switch (field.FieldType) {
    case 'textarea':
      return <Textarea {...common} rows={3} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      return <Input {...common} type="number" inputMode="decimal" step="any" value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'date':
      return <Input {...common} type="date" value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
      return (
        <Select
          {...common}
          value={str(value)}
          onChange={(e) => onChange(e.target.value)}
          options={[{ value: '', label: t('choose') }, ...field.FieldOptions.map((o) => ({ value: o, label: builtIn.option(o) }))]}
        />
      );
    case 'multi-select': {
      const list = Array.isArray(value) ? value : [];
      return (
        <Group field={field} controlId={controlId} error={error}>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {field.FieldOptions.map((o) => {
              const checked = list.includes(o);
              return (
                <label key={o} className={choiceClasses(checked)}>
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={checked}
                    onChange={(e) => onChange(e.target.checked ? [...list, o] : list.filter((x) => x !== o))}
                  />
                  {builtIn.option(o)}
                </label>
              );
            })}
          </div>
        </Group>
      );
    }
    case 'checkbox': {
      const errorId = error ? `${controlId}-error` : undefined;
      return (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={controlId} className={choiceClasses(value === true)}>
            <input
              id={controlId}
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={value === true}
              required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(e) => onChange(e.target.checked)}
            />
            <span className="font-medium">
              {label}
              {required && (
                <span aria-hidden="true" className="ml-0.5 text-red-700">
                  *
                </span>
              )}
            </span>
          </label>
          {error && (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      );
    }
    case 'severity':
      if (field.FieldOptions.length) {
        return (
          <Group field={field} controlId={controlId} error={error} hint={t('severity.hint')}>
            <div className="flex flex-wrap gap-2">
              {field.FieldOptions.map((o) => {
                const checked = str(value) === o;
                return (
                  <label key={o} className={cn(choiceClasses(checked), 'min-w-11 justify-center font-semibold')}>
                    <input type="radio" name={controlId} className="sr-only" value={o} checked={checked} onChange={() => onChange(o)} />
                    {o}
                  </label>
                );
              })}
            </div>
          </Group>
        );
      }
      return <Input {...common} type="number" inputMode="decimal" min={0} step="any" value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'sticky-trap-count': {
      const n = Number(str(value) || '0');
      const step = (d: number) => onChange(String(Math.max(0, (Number.isFinite(n) ? Math.trunc(n) : 0) + d)));
      return (
        <Field label={label} error={error} required={required} id={controlId}>
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label={t('count.decrease', { name: label })}
              onClick={() => step(-1)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-stone-300 bg-white text-xl font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              −
            </button>
            <Input type="number" inputMode="numeric" min={0} step={1} value={str(value)} onChange={(e) => onChange(e.target.value)} className="text-center" />
            <button
              type="button"
              aria-label={t('count.increase', { name: label })}
              onClick={() => step(1)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-stone-300 bg-white text-xl font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              +
            </button>
          </div>
        </Field>
      );
    }
    case 'photo':
      return (
        <Field label={label} error={error} required={required} id={controlId}>
          <PhotoInput
            id={controlId}
            name={label}
            value={typeof Blob !== 'undefined' && value instanceof Blob ? value : null}
            onChange={onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${controlId}-error` : undefined}
          />
        </Field>
      );
    case 'problem': {
      const restricted = field.FieldOptions.length > 0;
      const choices = restricted ? field.FieldOptions.map((name) => ({ name, category: '' })) : problems.choices;
      return (
        <Field label={label} error={error} required={required} id={controlId}>
          <ProblemPicker
            id={controlId}
            value={str(value)}
            onChange={onChange}
            choices={choices}
            restricted={restricted}
            required={required}
            invalid={Boolean(error)}
            describedBy={error ? `${controlId}-error` : undefined}
            loading={!restricted && problems.loading}
            unavailable={problems.unavailable}
          />
        </Field>
      );
    }
    case 'coordinates':
      return <Input {...common} hint={t('coordinates.hint')} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    default:
      return <Input {...common} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
  }
}
