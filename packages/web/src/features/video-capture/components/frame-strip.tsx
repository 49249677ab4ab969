import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { useFormatNumber } from '../../../lib/format-number';
import type { FindingSelection } from '@verdant/vision';
import { clock, findingsOf, MAX_SENT, type SampledFrame } from '../lib/frames';

function FrameResult({ frame, selection }: { frame: SampledFrame; selection: FindingSelection }) {
  const { t } = useTranslation('video-capture');
  const formatNumber = useFormatNumber();
  const { state } = frame;
  if (state.status === 'analysing') {
    return (
      <p className="flex items-center gap-2 text-stone-600">
        <Spinner size="sm" />
        {t('frames.analysing')}
      </p>
    );
  }
  if (state.status === 'failed') return <p className="text-red-700">{t('frames.failed', { error: state.error })}</p>;
  if (state.analysis.kind === 'unknown') return <p className="text-stone-600">{t('frames.neither')}</p>;
  const findings = findingsOf(state.analysis, selection);
  if (findings.length === 0) return <p className="text-stone-700">{state.analysis.kind === 'leaf' ? t('frames.healthyLeaf') : t('frames.emptyCard')}</p>;
  return (
    <ul className="space-y-0.5">
      {findings.map((f) => (
        <li key={f.problem}>
          <span className="font-medium text-stone-900">{f.problem}</span>
          <span className="text-stone-700">
            {' · '}
            {f.affectedPercent !== null
              ? t('frames.affected', { percent: formatNumber(f.affectedPercent, { maximumFractionDigits: 1 }) })
              : t('frames.counted', { count: f.count ?? 0 })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The sampled frames, each with its time, what the analysis found and a box to send it with the scan. */
export function FrameStrip({
  frames,
  selected,
  onToggle,
  disabled,
  selection,
}: {
  frames: SampledFrame[];
  /** What the company's model files from a frame (the phone shows what the server would file). */
  selection: FindingSelection;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('video-capture');
  const full = selected.size >= MAX_SENT;
  return (
    <ol className="flex snap-x gap-3 overflow-x-auto p-1 pb-2" aria-label={t('frames.title')}>
      {frames.map((f) => {
        const checked = selected.has(f.id);
        const name = t('frames.frameAt', { time: clock(f.at) });
        return (
          <li
            key={f.id}
            className={cn('w-44 shrink-0 snap-start overflow-hidden rounded-lg border bg-white text-sm', checked ? 'border-brand-600 ring-2 ring-brand-600' : 'border-stone-200')}
            data-testid="video-frame"
          >
            <img src={f.url} alt={name} className="aspect-[4/3] w-full bg-stone-100 object-cover" />
            <div className="space-y-2 p-2">
              <p className="font-semibold text-stone-900 tabular-nums">{clock(f.at)}</p>
              <FrameResult frame={f} selection={selection} />
              <label className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-stone-800">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={checked}
                  disabled={disabled || (!checked && full)}
                  aria-label={t('frames.send', { name })}
                  onChange={() => onToggle(f.id)}
                />
                {t('frames.sendShort')}
              </label>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
