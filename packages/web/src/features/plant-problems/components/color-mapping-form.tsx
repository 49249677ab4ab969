import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ABBREVIATION_MAX } from '@verdant/contract';
import { Button, Input } from '../../../components/ui';
import { ApiError } from '../../../api/api-error';
import type { ColorMappingDraft } from '../api/use-color-mappings';
import { useProblemColors } from '../../../api/queries/problem-colors';
import { contrastRatio, distinguishable, readableTextOn } from '../../../lib/colour';
import { useAuth } from '../../../state/hooks';

/** WCAG AA for normal text: below this, letters on the colour are hard to read. */
const READABLE_CONTRAST = 4.5;

/**
 * What is wrong with a colour for the map: the other mapped problems it is too close to (for normal or
 * red-green colour-blind vision), and whether black or white text on it stays readable.
 */
export function colourWarnings(color: string, problem: string, others: ReadonlyArray<{ Problem: string; Color: string }>) {
  if (!HEX.test(color)) return { closeTo: [] as string[], unreadable: false };
  const self = problem.trim().toLowerCase();
  const closeTo = others
    .filter((o) => o.Problem.trim().toLowerCase() !== self && HEX.test(o.Color) && !distinguishable(color, o.Color))
    .map((o) => o.Problem);
  const best = Math.max(contrastRatio(color, '#ffffff'), contrastRatio(color, '#1c1917'));
  return { closeTo, unreadable: best < READABLE_CONTRAST };
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface ColorMappingFormProps {
  initial: ColorMappingDraft;
  /** Offer the problem name as a field (adding from the colours tab); on a problem page it is fixed. */
  editProblem?: boolean;
  problemNames?: string[];
  saving: boolean;
  error: unknown;
  onSave: (d: ColorMappingDraft) => void;
  onCancel: () => void;
}

/** Colour (picker + #RRGGBB text) and a 1–4 letter abbreviation for one problem. */
export function ColorMappingForm({ initial, editProblem, problemNames = [], saving, error, onSave, onCancel }: ColorMappingFormProps) {
  const { t } = useTranslation('plant-problems');
  const listId = useId();
  const [d, setD] = useState(initial);
  const [tried, setTried] = useState(false);
  const serverField = error instanceof ApiError ? error.field : undefined;
  const serverText = error instanceof Error ? error.message : undefined;
  const problemError = tried && !d.problem.trim() ? t('colors.problemRequired') : serverField === 'problem' ? serverText : undefined;
  const colorError = tried && !HEX.test(d.color) ? t('colors.colorInvalid') : serverField === 'color' ? serverText : undefined;
  const abbrError = serverField === 'abbreviation' ? serverText : undefined;
  const { companyID } = useAuth();
  const mapped = useProblemColors(companyID ?? 0);
  const warnings = useMemo(() => colourWarnings(d.color, d.problem, mapped.data?.mappings ?? []), [d.color, d.problem, mapped.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!d.problem.trim() || !HEX.test(d.color)) return;
    onSave({ ...d, problem: d.problem.trim(), color: d.color.toUpperCase(), abbreviation: d.abbreviation.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('colors.formLabel')}>
      {editProblem && (
        <>
          <Input
            label={t('colors.problem')}
            value={d.problem}
            required
            list={listId}
            autoComplete="off"
            hint={t('colors.problemHint')}
            error={problemError}
            onChange={(e) => setD({ ...d, problem: e.target.value })}
          />
          <datalist id={listId}>
            {problemNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </>
      )}
      <div className="grid grid-cols-[auto_1fr] items-start gap-3">
        <Input
          label={t('colors.picker')}
          type="color"
          value={HEX.test(d.color) ? d.color.toLowerCase() : '#000000'}
          className="h-11 w-16 cursor-pointer p-1"
          onChange={(e) => setD({ ...d, color: e.target.value.toUpperCase() })}
        />
        <Input
          label={t('colors.hex')}
          value={d.color}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          error={colorError}
          onChange={(e) => setD({ ...d, color: e.target.value.trim() })}
        />
      </div>
      {HEX.test(d.color) && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <span
              aria-hidden="true"
              className="inline-flex h-7 min-w-9 items-center justify-center rounded-md px-1.5 text-xs font-bold ring-1 ring-stone-400"
              style={{ background: d.color, color: readableTextOn(d.color) }}
            >
              {d.abbreviation.trim() || '—'}
            </span>
            {t('colors.preview')}
          </p>
          {warnings.closeTo.length > 0 && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
              {t('colors.tooClose', { count: warnings.closeTo.length, problems: warnings.closeTo.join(', ') })}
            </p>
          )}
          {warnings.unreadable && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">{t('colors.unreadable')}</p>
          )}
        </div>
      )}
      <Input
        label={t('colors.abbreviation')}
        value={d.abbreviation}
        maxLength={ABBREVIATION_MAX}
        autoComplete="off"
        hint={t('colors.abbreviationHint', { max: ABBREVIATION_MAX })}
        error={abbrError}
        onChange={(e) => setD({ ...d, abbreviation: e.target.value.toUpperCase() })}
      />
      {error != null && !serverField && (
        <p role="alert" className="text-sm text-red-800">
          {serverText}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('colors.save')}
        </Button>
      </div>
    </form>
  );
}

/** A starting abbreviation: the initials of the problem's words, as the map makes one. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, ABBREVIATION_MAX);
}
