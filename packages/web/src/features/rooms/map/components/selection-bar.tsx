import { useTranslation } from 'react-i18next';
import { MAX_SUBMIT_BOXES } from '@verdant/contract';
import { Button } from '../../../../components/ui';
import { cn } from '../../../../lib/cn';
import type { MultiSelectType } from './grid-map';
import type { AppliedChange } from './room-modes';

const TYPES: MultiSelectType[] = ['Coordinates', 'Area'];

/** The "Select boxes" toolbar: how to pick (tap or drag), how many are chosen, and what to do with them. */
export function SelectionBar({
  mode,
  onMode,
  count,
  onClear,
  onFill,
  onTreat,
  onLook,
  applied,
  onUndo,
  undoing,
  online,
  onDone,
}: {
  mode: MultiSelectType;
  onMode: (mode: MultiSelectType) => void;
  count: number;
  onClear: () => void;
  onFill: () => void;
  /** Record a spray product applied to the chosen boxes. */
  onTreat: () => void;
  /** Set the chosen boxes' status or colour (one bulk change). */
  onLook: () => void;
  /** The bulk change just made, offered for undo. */
  applied: AppliedChange | null;
  onUndo: () => void;
  undoing: boolean;
  /** Bulk changes and their undo need the server (they are not queued: docs/decisions.md). */
  online: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('rooms');
  // A form or a treatment names at most MAX_SUBMIT_BOXES boxes; a bulk change of status or colour takes more.
  const tooManyForAForm = count > MAX_SUBMIT_BOXES;
  return (
    <div role="region" aria-label={t('select.region')} className="mb-2 flex flex-col gap-2 rounded-lg bg-blue-50 p-3 ring-1 ring-blue-300">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={t('select.how')} className="grid grid-cols-2 gap-1 rounded-lg bg-white/70 p-1 ring-1 ring-blue-200">
          {TYPES.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => onMode(m)}
              className={cn(
                'min-h-11 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                mode === m ? 'bg-blue-700 text-white shadow-sm' : 'text-stone-700 hover:text-stone-900',
              )}
            >
              {m === 'Coordinates' ? t('select.tap') : t('select.drag')}
            </button>
          ))}
        </div>
        <p role="status" className="text-sm font-medium text-blue-950">
          {t('select.count', { count })}
        </p>
      </div>
      <p className="text-sm text-blue-950">{mode === 'Coordinates' ? t('select.tapHelp') : t('select.dragHelp')}</p>
      {tooManyForAForm && <p className="text-sm text-amber-900">{t('select.tooMany', { max: MAX_SUBMIT_BOXES })}</p>}
      {applied && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white/80 px-3 py-2 ring-1 ring-blue-200">
          <p className="text-sm font-medium text-stone-900">{t('bulk.applied', { count: applied.count })}</p>
          <Button variant="secondary" disabled={undoing || !online} onClick={onUndo}>
            {undoing ? t('bulk.undoing') : t('bulk.undo')}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={count === 0 || tooManyForAForm} onClick={onFill}>
          {t('select.fill', { count })}
        </Button>
        <Button variant="secondary" disabled={count === 0 || tooManyForAForm} onClick={onTreat}>
          {t('select.treat', { count })}
        </Button>
        <Button variant="secondary" disabled={count === 0 || !online} onClick={onLook}>
          {t('bulk.open')}
        </Button>
        <Button variant="secondary" disabled={count === 0} onClick={onClear}>
          {t('select.clear')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('select.done')}
        </Button>
      </div>
    </div>
  );
}
