import { useEffect, useState } from 'react';
import type { GridBox } from '@verdant/contract';
import { cellOrigin, type MapLayout } from './map-geometry';

/** Red: a safety mark, unlike the amber "overdue" outline and the problem colours it sits on. */
export const NO_ENTRY_COLOR = '#b91c1c';

/** When the box may be entered again (the room load's NoEntryUntil), while that is still ahead of `now`; else null. */
export function noEntryUntil(box: Pick<GridBox, 'NoEntryUntil'>, now: number): string | null {
  const until = box.NoEntryUntil;
  if (!until) return null;
  const end = Date.parse(until);
  return Number.isFinite(end) && end > now ? until : null;
}

/** The time now, moved on every minute, so a re-entry interval that ends disappears from the map without a reload. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * Boxes inside a re-entry interval: a red triangle in the bottom-left corner (the one free corner: named,
 * plants and sub-boxes mark the other three), so it reads without colour vision on any fill. From 4 px
 * boxes up — smaller than the other marks, because it is a safety sign. One path for all of them.
 */
export function paintNoEntry(ctx: CanvasRenderingContext2D, l: MapLayout, boxes: readonly GridBox[], now: number): void {
  if (l.cell < 4) return;
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  const size = Math.max(3, Math.min(16, l.cell * 0.4));
  ctx.beginPath();
  let any = false;
  for (const b of boxes) {
    if (!noEntryUntil(b, now)) continue;
    const [x, y] = cellOrigin(l, b.X, b.Y);
    ctx.moveTo(x, y + l.cell);
    ctx.lineTo(x, y + l.cell - size);
    ctx.lineTo(x + size, y + l.cell);
    ctx.closePath();
    any = true;
  }
  if (!any) return;
  ctx.fillStyle = NO_ENTRY_COLOR;
  ctx.fill();
  if (l.cell >= 16) {
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}
