import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../../lib/format-date';
import { NO_ENTRY_COLOR } from '../../lib/no-entry';

/** The key to the map's red corner, under a grid with boxes inside a re-entry interval: how many, and until when at the latest. */
export function NoEntryLegend({ count, latest }: { count: number; latest: string | null }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  if (count === 0 || !latest) return null;
  return (
    <p className="mt-1 flex items-center gap-2 text-xs font-medium text-red-800" data-testid="no-entry-legend">
      <svg aria-hidden="true" viewBox="0 0 10 10" className="size-3.5 shrink-0">
        <path d="M0 10 L0 0 L10 10 Z" fill={NO_ENTRY_COLOR} />
      </svg>
      {t('noEntry.legend', { count, until: formatDate(latest) })}
    </p>
  );
}
