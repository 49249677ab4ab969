import { useTranslation } from 'react-i18next';

const BUTTON =
  'inline-flex h-10 min-w-10 items-center justify-center text-lg font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:text-stone-400 disabled:hover:bg-transparent';

/** − / + / Fit on the grid's heading row, above the map's right edge: compact, thumb-sized, and never over a box (issue 20). */
export function MapZoomControls({
  canZoomOut,
  canZoomIn,
  atFit,
  onZoomOut,
  onZoomIn,
  onFit,
}: {
  canZoomOut: boolean;
  canZoomIn: boolean;
  atFit: boolean;
  onZoomOut: () => void;
  onZoomIn: () => void;
  onFit: () => void;
}) {
  const { t } = useTranslation('rooms');
  return (
    <div role="group" aria-label={t('map.zoom')} className="ml-auto flex shrink-0 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-stone-300">
      <button type="button" aria-label={t('map.zoomOut')} disabled={!canZoomOut} onClick={onZoomOut} className={BUTTON}>
        −
      </button>
      <button type="button" aria-label={t('map.zoomIn')} disabled={!canZoomIn} onClick={onZoomIn} className={`${BUTTON} border-l border-stone-200`}>
        +
      </button>
      <button
        type="button"
        aria-label={t('map.fitLabel')}
        aria-pressed={atFit}
        onClick={onFit}
        className={`${BUTTON} border-l border-stone-200 px-3 text-sm aria-pressed:text-brand-800`}
      >
        {t('map.fit')}
      </button>
    </div>
  );
}
