import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegendEntry, SuspectedLegend } from '../../lib/problem-paint';
import { useProblemLook } from '../../../../components/problem-look';
import { useAuth } from '../../../../state/hooks';
import { NO_ENTRY_COLOR } from '../../lib/no-entry';

/** A box swatch with a map mark drawn as the map draws it (map-paint's paintMarkers), on a 14 px box. */
function MarkSwatch({ children }: { children: React.ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 14 14" className="size-3.5 shrink-0 rounded-sm border border-stone-400 bg-white">
      {children}
    </svg>
  );
}

/** What the map's colours and marks mean: box, culled, named, plants, sub-boxes, selected, then each open problem present in the room. */
export function ProblemLegend({
  entries,
  showProblems,
  loading,
  failed,
  offline,
  selecting = false,
  suspected = null,
}: {
  entries: readonly LegendEntry[];
  /** Suspected problems (unreviewed scans), counted apart from the open ones and drawn as a dashed outline. */
  suspected?: SuspectedLegend | null;
  showProblems: boolean;
  loading: boolean;
  failed: boolean;
  offline: boolean;
  selecting?: boolean;
}) {
  const { t } = useTranslation('rooms');
  const look = useProblemLook(useAuth().companyID ?? 0);
  // On a phone the key to the marks starts folded: the map must stay in the first screen above the box sheet.
  const [keyOpen, setKeyOpen] = useState(() => !window.matchMedia || window.matchMedia('(min-width: 640px)').matches);
  return (
    <div className="mb-2 flex flex-col gap-1.5">
      <details open={keyOpen} onToggle={(e) => setKeyOpen(e.currentTarget.open)} className="group text-xs text-stone-700">
        <summary className="w-fit cursor-pointer select-none rounded py-0.5 font-medium text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600">
          {t('map.legend')}
        </summary>
        <ul className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1" aria-label={t('map.legend')}>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3.5 rounded-sm border border-stone-400 bg-white" />
            {t('map.legendEmpty')}
          </li>
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3.5 rounded-sm border border-stone-500 bg-stone-300"
              style={{ backgroundImage: 'repeating-linear-gradient(135deg, #57534e 0 1px, transparent 1px 4px)' }}
            />
            {t('map.legendCulled')}
          </li>
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3.5 rounded-sm border border-stone-400 bg-white"
              style={{ backgroundImage: 'linear-gradient(135deg, #1c1917 0 35%, transparent 35%)' }}
            />
            {t('map.legendNamed')}
          </li>
          <li className="flex items-center gap-1.5">
            <MarkSwatch>
              <circle cx="10.5" cy="3.5" r="2.5" fill="#1c1917" stroke="#ffffff" strokeWidth="1" paintOrder="stroke" />
            </MarkSwatch>
            {t('map.legendPlants')}
          </li>
          <li className="flex items-center gap-1.5">
            <MarkSwatch>
              <path d="M6 13H13V6H11V11H6Z" fill="#1c1917" stroke="#ffffff" strokeWidth="1" strokeLinejoin="round" paintOrder="stroke" />
            </MarkSwatch>
            {t('map.legendSubBoxes')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3.5 rounded-sm ring-2 ring-green-700" />
            {t('map.legendSelected')}
          </li>
          <li className="flex items-center gap-1.5">
            <MarkSwatch>
              <path d="M0 14 L0 7 L7 14 Z" fill={NO_ENTRY_COLOR} />
            </MarkSwatch>
            {t('map.legendNoEntry')}
          </li>
          {selecting && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-3.5 rounded-sm bg-blue-700/30 ring-2 ring-blue-700" />
              {t('select.legend')}
            </li>
          )}
        </ul>
      </details>
      {showProblems && (
        <div className="text-xs text-stone-700">
          {failed && offline ? (
            // Offline with no copy of the room's problems on this device yet.
            <p>{t('problems.offlineMap')}</p>
          ) : failed ? (
            <p role="alert" className="text-red-800">{t('problems.mapFailed')}</p>
          ) : loading ? (
            <p>{t('problems.loadingMap')}</p>
          ) : entries.length === 0 && !suspected ? (
            <p>{t('problems.noneInRoom')}</p>
          ) : (
            <ul className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-label={t('problems.legend')}>
              {entries.map((e) => (
                <li key={e.problem} className="flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-4 min-w-4 items-center justify-center rounded-sm px-0.5 text-[9px] font-bold ring-1 ring-stone-400"
                    style={{ background: e.color }}
                  />
                  <span>
                    <span className="font-semibold">{e.abbreviation}</span> {look.name(e.problem)}{' '}
                    <span className="text-stone-500">({t('problems.legendBoxes', { count: e.boxes })})</span>
                  </span>
                </li>
              ))}
              {suspected && (
                <li className="flex items-center gap-1.5" data-testid="legend-suspected">
                  <span aria-hidden="true" className="size-3.5 rounded-sm border-2 border-dashed border-sky-700 bg-white" />
                  <span>
                    <span className="font-semibold">{t('problems.suspected', { count: suspected.observations })}</span>{' '}
                    <span className="text-stone-500">
                      ({t('problems.legendBoxes', { count: suspected.boxes })}, {t('problems.suspectedConfidence', { value: Math.round(suspected.confidence * 100) })})
                    </span>
                  </span>
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
