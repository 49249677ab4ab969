import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';

/** Heights the phone sheet snaps to, in percent of the screen: a peek that keeps the map usable, half, nearly full. */
export const SHEET_SNAPS = [38, 60, 90] as const;
type Snap = (typeof SHEET_SNAPS)[number];
const SNAP_NAMES = ['small', 'medium', 'large'] as const;

function nearest(percent: number): Snap {
  return SHEET_SNAPS.reduce((best, s) => (Math.abs(s - percent) < Math.abs(best - percent) ? s : best), SHEET_SNAPS[0]);
}

/**
 * The box (or move) panel: on a phone a bottom sheet that starts small so the map stays in view, resized
 * by dragging its handle (snapping to small, medium, large) or with the handle's arrow keys; on a desktop a
 * side panel beside the map.
 */
export function BoxSheet({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('rooms');
  const [snap, setSnap] = useState<Snap>(SHEET_SNAPS[0]);
  const [dragging, setDragging] = useState<number | null>(null);
  const start = useRef<{ y: number; percent: number } | null>(null);
  const percent = dragging ?? snap;

  const step = (by: number) => {
    const i = SHEET_SNAPS.indexOf(snap);
    setSnap(SHEET_SNAPS[Math.min(SHEET_SNAPS.length - 1, Math.max(0, i + by))]!);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'PageUp') step(1);
    else if (e.key === 'ArrowDown' || e.key === 'PageDown') step(-1);
    else if (e.key === 'Home') setSnap(SHEET_SNAPS[0]);
    else if (e.key === 'End') setSnap(SHEET_SNAPS[SHEET_SNAPS.length - 1]!);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    start.current = { y: e.clientY, percent: snap };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!start.current) return;
    const moved = ((start.current.y - e.clientY) / window.innerHeight) * 100;
    if (dragging === null && Math.abs(moved) < 1) return;
    setDragging(Math.min(95, Math.max(20, start.current.percent + moved)));
  };
  const onPointerUp = () => {
    const wasDragging = dragging;
    start.current = null;
    setDragging(null);
    // A tap on the handle steps to the next size (back to small after large); a drag snaps to the nearest.
    if (wasDragging === null) setSnap(snap === SHEET_SNAPS[SHEET_SNAPS.length - 1] ? SHEET_SNAPS[0] : SHEET_SNAPS[SHEET_SNAPS.indexOf(snap) + 1]!);
    else setSnap(nearest(wasDragging));
  };

  const sizeName = t(`sheet.${SNAP_NAMES[SHEET_SNAPS.indexOf(nearest(percent))]}`);
  return (
    <aside
      aria-label={label}
      style={{ '--sheet-h': `${percent}dvh` } as CSSProperties}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 flex h-[var(--sheet-h)] flex-col overflow-hidden rounded-t-2xl border border-stone-200 bg-white shadow-2xl',
        dragging === null && 'transition-[height] duration-150',
        'lg:sticky lg:top-20 lg:z-auto lg:h-auto lg:max-h-[calc(100dvh-6rem)] lg:w-96 lg:shrink-0 lg:rounded-xl lg:shadow-sm lg:transition-none',
      )}
      data-sheet-size={SNAP_NAMES[SHEET_SNAPS.indexOf(nearest(percent))]}
    >
      <button
        type="button"
        aria-label={t('sheet.resize', { size: sizeName })}
        aria-keyshortcuts="ArrowUp ArrowDown"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
          setDragging(null);
        }}
        className="flex h-6 w-full shrink-0 cursor-ns-resize touch-none items-center justify-center focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 lg:hidden"
      >
        <span aria-hidden="true" className="h-1.5 w-12 rounded-full bg-stone-300" />
      </button>
      <div className="min-h-0 flex-1">{children}</div>
    </aside>
  );
}
