import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { PAD_KEYS, type PadKey } from '../lib/number-pad';

interface NumberPadProps {
  /** Decimals the field allows: 0 disables the point key. */
  decimals: number;
  onKey: (key: PadKey) => void;
  disabled?: boolean;
}

/**
 * The walk's number pad, sized for one thumb in a glove: 3 × 4 keys of at least 64 px. It types into the
 * field in focus on the walk page (not a text box), so the phone's own keyboard never covers the plant's fields.
 */
export function NumberPad({ decimals, onKey, disabled = false }: NumberPadProps) {
  const { t } = useTranslation('crop-registration');
  return (
    <div role="group" aria-label={t('walk.pad')} className="grid grid-cols-3 gap-2">
      {PAD_KEYS.map((key) => {
        const off = disabled || (key === '.' && decimals <= 0);
        return (
          <button
            key={key}
            type="button"
            disabled={off}
            onClick={() => onKey(key)}
            aria-label={key === 'back' ? t('walk.backspace') : key === '.' ? t('walk.point') : key}
            className={cn(
              'min-h-16 select-none rounded-xl text-2xl font-semibold tabular-nums ring-1 ring-inset transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-40',
              key === 'back' ? 'bg-stone-100 text-stone-800 ring-stone-300 active:bg-stone-200' : 'bg-white text-stone-900 ring-stone-300 active:bg-brand-50',
            )}
          >
            {key === 'back' ? '⌫' : key}
          </button>
        );
      })}
    </div>
  );
}
