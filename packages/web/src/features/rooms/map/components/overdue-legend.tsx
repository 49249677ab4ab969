import { useTranslation } from 'react-i18next';
import { OVERDUE_OUTLINE } from '../../lib/map-paint';

/** The key to the map's dashed amber outline, shown under a grid that has overdue boxes. */
export function OverdueLegend({ count }: { count: number }) {
  const { t } = useTranslation('scouting-coverage');
  if (count === 0) return null;
  return (
    <p className="mt-1 flex items-center gap-2 text-xs text-stone-700">
      <span aria-hidden="true" className="inline-block size-3.5 rounded-[2px] border-2 border-dashed" style={{ borderColor: OVERDUE_OUTLINE }} />
      {t('map.legend')} · {t('bar.overdue', { count })}
    </p>
  );
}
