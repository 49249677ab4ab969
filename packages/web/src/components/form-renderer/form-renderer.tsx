import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField, FormTemplate } from '@verdant/contract';
import { Alert, Button } from '../ui';
import { cn } from '../../lib/cn';
import { useAppSelector } from '../../state/hooks';
import { answerMap, emptyAnswer, type FormAnswer, type FormAnswers } from './answers';
import { FieldInput } from './field-input';
import { visibleFieldIds } from './hide-until';
import { scopePageCss } from './scope-css';
import { useProblemLibrary, type ProblemChoice } from './use-problem-library';
import { validateAnswers } from './validate';
import { builtInText } from './built-in-texts';

export type RenderableTemplate = Pick<FormTemplate, 'TemplateName' | 'PageCSS'> & { fields: FormField[] };

export interface FormRendererProps {
  template: RenderableTemplate;
  /** Called with the answers of the visible fields once they pass the checks; the caller sends them. */
  onSubmit: (answers: FormAnswers) => void | Promise<unknown>;
  /** Answers to start from (a coordinates field filled with the chosen boxes, say). */
  initialAnswers?: FormAnswers;
  submitLabel?: ReactNode;
  submitting?: boolean;
  /** Extra controls next to the submit button (Cancel…). */
  actions?: ReactNode;
  /** The problem list for problem fields; by default the plant-problem library is read. */
  problems?: readonly ProblemChoice[];
  /** Clear the answers after a successful submit (the default), or keep them. */
  resetOnSubmit?: boolean;
  className?: string;
}

function initial(fields: readonly FormField[], given: FormAnswers | undefined): FormAnswers {
  const out: FormAnswers = {};
  for (const f of fields) out[f.FieldID] = given?.[f.FieldID] ?? emptyAnswer(f);
  return out;
}

/**
 * A template's active fields as the scout fills them in: hide-until rules applied as they type,
 * required and typed answers checked with messages naming the field, the template's PageCSS confined to
 * this form, each field's CSSClass on its wrapper. It does not send anything itself.
 */
export function FormRenderer({
  template,
  onSubmit,
  initialAnswers,
  submitLabel,
  submitting = false,
  actions,
  problems,
  resetOnSubmit = true,
  className,
}: FormRendererProps) {
  const { t } = useTranslation('form-renderer');
  const companyId = useAppSelector((s) => s.auth.companyID);
  const reactId = useId();
  const scope = `vf-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const active = useMemo(() => template.fields.filter((f) => f.IsActive), [template.fields]);
  const [answers, setAnswers] = useState<FormAnswers>(() => initial(active, initialAnswers));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [tried, setTried] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  const needsLibrary = !problems && active.some((f) => f.FieldType === 'problem' && f.FieldOptions.length === 0);
  const library = useProblemLibrary(companyId, needsLibrary);
  const problemState = {
    choices: problems ?? library.data ?? [],
    loading: needsLibrary && library.isLoading,
    unavailable: needsLibrary && library.isError,
  };

  const visible = useMemo(() => visibleFieldIds(active, answerMap(answers)), [active, answers]);
  const css = useMemo(() => scopePageCss(template.PageCSS ?? '', scope), [template.PageCSS, scope]);

  const change = (field: FormField, value: FormAnswer) => {
    const next = { ...answers, [field.FieldID]: value };
    setAnswers(next);
    // After a first attempt, messages follow the answers so a fixed field stops being red.
    if (tried) setErrors(validateAnswers(active, visibleFieldIds(active, answerMap(next)), next, t));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = validateAnswers(active, visible, answers, t);
    setErrors(found);
    const firstBad = active.find((f) => found[f.FieldID]);
    if (firstBad) {
      summaryRef.current?.focus();
      return;
    }
    const kept: FormAnswers = {};
    for (const f of active) if (visible.has(f.FieldID)) kept[f.FieldID] = answers[f.FieldID] ?? emptyAnswer(f);
    try {
      await onSubmit(kept);
    } catch {
      // The caller shows what went wrong; the answers stay so nothing is typed twice.
      return;
    }
    if (resetOnSubmit) {
      setAnswers(initial(active, initialAnswers));
      setTried(false);
      setErrors({});
    }
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form noValidate onSubmit={submit} className={cn(scope, 'verdant-form flex flex-col gap-5', className)} aria-label={builtInText(t, 'templates', template.TemplateName)}>
      {css && <style>{css}</style>}
      {active.length === 0 && <p className="text-sm text-stone-600">{t('noFields')}</p>}
      {active.some((f) => f.IsRequired) && <p className="text-sm text-stone-600">{t('requiredNote')}</p>}
      <div ref={summaryRef} tabIndex={-1} className="outline-none">
        {errorCount > 0 && (
          <Alert tone="danger" title={t('fixErrors', { count: errorCount })}>
            <ul className="list-disc pl-5">
              {active
                .filter((f) => errors[f.FieldID])
                .map((f) => (
                  <li key={f.FieldID}>{errors[f.FieldID]}</li>
                ))}
            </ul>
          </Alert>
        )}
      </div>
      {active.map((field) =>
        visible.has(field.FieldID) ? (
          <div key={field.FieldID} data-field-id={field.FieldID} className={cn('vf-field', `vf-field-${field.FieldType}`, field.CSSClass)}>
            <FieldInput
              field={field}
              controlId={`${scope}-f${field.FieldID}`}
              value={answers[field.FieldID]}
              error={errors[field.FieldID]}
              onChange={(v) => change(field, v)}
              problems={problemState}
            />
          </div>
        ) : null,
      )}
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Button type="submit" loading={submitting} disabled={active.length === 0}>
          {submitLabel ?? t('submit')}
        </Button>
        {actions}
      </div>
    </form>
  );
}
