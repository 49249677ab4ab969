import { useTranslation } from 'react-i18next';
import { PRESSURE_RAMP, rampBounds } from '../lib/pressure-frames';
import { HOT_SPOT_LINE } from '../lib/pressure-paint';

/** The colour ramp with each step's upper value, and what a hot-spot outline means. */
export function PressureLegend({ max, threshold }: { max: number; threshold: number }) {
  const { t, i18n } = useTranslation('rooms');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const bounds = rampBounds(max);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2 text-xs text-stone-700" data-testid="pressure-legend">
      <figure className="m-0">
        <figcaption className="mb-1 font-medium text-stone-800">{t('pressure.legendTitle')}</figcaption>
        <ol className="flex" aria-label={t('pressure.legendTitle')}>
          <li className="flex flex-col items-center">
            <span aria-hidden="true" className="block h-4 w-9 border border-stone-300 bg-white" />
            <span>0</span>
          </li>
          {PRESSURE_RAMP.map((colour, i) => (
            <li key={colour} className="flex flex-col items-center">
              <span aria-hidden="true" className="block h-4 w-9" style={{ backgroundColor: colour }} />
              <span>{t('pressure.upTo', { value: number.format(bounds[i]!) })}</span>
            </li>
          ))}
        </ol>
      </figure>
      <p className="flex items-center gap-2">
        <span aria-hidden="true" className="block size-4 bg-white" style={{ outline: `2px solid ${HOT_SPOT_LINE}`, outlineOffset: -2 }} />
        {t('pressure.hotSpotLegend', { value: number.format(threshold) })}
      </p>
      <p className="basis-full text-stone-600">{t('pressure.unitHelp')}</p>
    </div>
  );
}
