import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESSURE_STEPS } from '@verdant/contract';
import { Button, ErrorState, Select, Spinner } from '../../../../components/ui';
import { useFormatDay } from '../../../../lib/format-date';
import { PressureLegend } from './pressure-legend';
import type { PressureMode } from './pressure-mode';

/**
 * The controls of "Pressure over time": step (weeks or days), problem (one or all), play/pause and a
 * slider over the frames, labelled with the frame's dates in the user's language, then the legend.
 */
export function PressureControls({ mode }: { mode: PressureMode }) {
  const { t } = useTranslation('rooms');
  const day = useFormatDay();
  const sliderId = useId();
  const { data, query } = mode;

  if (!data) {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t('pressure.failed')} />;
    return (
      <p role="status" className="mb-2 flex items-center gap-2 text-sm text-stone-700">
        <Spinner size="sm" /> {t('pressure.loading')}
      </p>
    );
  }

  const current = data.frames[mode.frame];
  const frameLabel = !current
    ? ''
    : data.step === 'week'
      ? t('pressure.weekOf', { start: day(current.start), end: day(current.end) })
      : day(current.start);
  const problems = mode.problem && !data.problems.includes(mode.problem) ? [mode.problem, ...data.problems] : data.problems;
  const empty = data.GridBoxIDs.length === 0;

  return (
    <section aria-label={t('pressure.title')} className="mb-3 rounded-lg border border-stone-200 bg-stone-50 p-3" data-testid="pressure-controls">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('pressure.stepLabel')} className="flex gap-1">
          {PRESSURE_STEPS.map((s) => (
            <Button key={s} variant={mode.step === s ? 'primary' : 'secondary'} aria-pressed={mode.step === s} onClick={() => mode.setStep(s)}>
              {t(`pressure.step.${s}`)}
            </Button>
          ))}
        </div>
        <Select
          label={t('pressure.problemLabel')}
          value={mode.problem ?? ''}
          onChange={(e) => mode.setProblem(e.target.value || null)}
          options={[{ value: '', label: t('pressure.allProblems') }, ...problems.map((p) => ({ value: p, label: p }))]}
          className="min-w-40"
        />
        {query.isFetching && <Spinner size="sm" />}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <Button
          variant="secondary"
          onClick={mode.togglePlay}
          disabled={mode.count < 2}
          aria-label={mode.playing ? t('pressure.pause') : t('pressure.play')}
          className="min-w-24"
        >
          {mode.playing ? t('pressure.pause') : t('pressure.play')}
        </Button>
        <div className="min-w-0 flex-1">
          <label htmlFor={sliderId} className="block text-sm font-medium text-stone-800">
            {t('pressure.sliderLabel')}: <span data-testid="pressure-frame-label">{frameLabel}</span>
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={Math.max(0, mode.count - 1)}
            step={1}
            value={mode.frame}
            onChange={(e) => mode.setFrame(Number(e.target.value))}
            aria-valuetext={frameLabel}
            className="h-11 w-full cursor-pointer accent-brand-600"
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {frameLabel}: {t('pressure.frameSummary', { boxes: mode.boxesWithPressure, spots: mode.hotSpots })}
      </p>
      {empty ? (
        <p className="mt-2 text-sm text-stone-700">{t(mode.problem ? 'pressure.emptyProblem' : 'pressure.empty')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700" data-testid="pressure-summary">
            {t('pressure.frameSummary', { boxes: mode.boxesWithPressure, spots: mode.hotSpots })}
          </p>
          <div className="mt-2">
            <PressureLegend max={mode.max} threshold={data.hot_threshold} />
          </div>
        </>
      )}
    </section>
  );
}
