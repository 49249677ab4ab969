import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridBox } from '@verdant/contract';

/**
 * The grid's box statuses under its map, each with how many boxes hold it (and their colour when they share
 * one): the map paints colours, not words, so this is where a status set on many boxes is seen.
 */
export function StatusLegend({ boxes }: { boxes: readonly GridBox[] }) {
  const { t } = useTranslation('rooms');
  const statuses = useMemo(() => {
    const by = new Map<string, { count: number; colours: Set<string> }>();
    for (const b of boxes) {
      const status = b.Status?.trim();
      if (!status) continue;
      const entry = by.get(status) ?? { count: 0, colours: new Set<string>() };
      entry.count += 1;
      entry.colours.add(b.Color ?? '');
      by.set(status, entry);
    }
    return [...by].sort(([a], [b]) => a.localeCompare(b));
  }, [boxes]);
  if (!statuses.length) return null;
  return (
    <ul aria-label={t('bulk.legend')} className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
      {statuses.map(([status, { count, colours }]) => {
        const [only] = colours;
        return (
          <li key={status} className="flex items-center gap-1.5">
            {colours.size === 1 && only ? (
              <span aria-hidden="true" className="inline-block size-3.5 rounded-[2px] ring-1 ring-stone-300" style={{ backgroundColor: only }} />
            ) : null}
            {t('bulk.legendItem', { status, count })}
          </li>
        );
      })}
    </ul>
  );
}
