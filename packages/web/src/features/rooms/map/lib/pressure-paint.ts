import type { GridBox } from '@verdant/contract';
import { cellOrigin, type MapLayout } from '../../lib/map-geometry';
import { cellKey, type PressurePaint } from './pressure-frames';

/** Boxes without pressure in the frame: plain, so the ramp is the only colour on the map. */
export const NO_PRESSURE_FILL = '#ffffff';
export const HOT_SPOT_LINE = '#1c1917';
const HOT_SPOT_HALO = '#ffffff';

/**
 * Paints one frame over the boxes in view: one path per ramp colour (a handful of fills for 10,000 boxes),
 * then each hot spot's outline — the sides of hot boxes that do not touch another hot box, drawn through
 * the gaps so a group reads as one shape — dark on a white halo, readable on every ramp colour.
 */
export function paintPressure(
  ctx: CanvasRenderingContext2D,
  l: MapLayout,
  boxes: readonly GridBox[],
  p: PressurePaint,
  opts: { alpha?: number } = {},
): void {
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  const byColour = new Map<string, GridBox[]>();
  for (const b of boxes) {
    if (b.culled) continue;
    const colour = p.colours.get(b.id) ?? NO_PRESSURE_FILL;
    const list = byColour.get(colour);
    if (list) list.push(b);
    else byColour.set(colour, [b]);
  }
  ctx.globalAlpha = opts.alpha ?? 1;
  for (const [colour, list] of byColour) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (const b of list) {
      const [x, y] = cellOrigin(l, b.X, b.Y);
      ctx.rect(x, y, l.cell, l.cell);
    }
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  if (!p.hot.size) return;
  const half = l.gap / 2;
  ctx.beginPath();
  for (const b of boxes) {
    const key = cellKey(b.X, b.Y, p.stride);
    if (!p.hot.has(key)) continue;
    const [ox, oy] = cellOrigin(l, b.X, b.Y);
    const x0 = ox - half;
    const y0 = oy - half;
    const x1 = ox + l.cell + half;
    const y1 = oy + l.cell + half;
    if (!p.hot.has(key - p.stride)) { ctx.moveTo(x0, y0); ctx.lineTo(x1, y0); }
    if (!p.hot.has(key + p.stride)) { ctx.moveTo(x0, y1); ctx.lineTo(x1, y1); }
    if (!p.hot.has(key - 1)) { ctx.moveTo(x0, y0); ctx.lineTo(x0, y1); }
    if (!p.hot.has(key + 1)) { ctx.moveTo(x1, y0); ctx.lineTo(x1, y1); }
  }
  const width = Math.max(1.5, Math.min(3, l.cell / 6));
  ctx.lineCap = 'square';
  ctx.strokeStyle = HOT_SPOT_HALO;
  ctx.lineWidth = width + 2;
  ctx.stroke();
  ctx.strokeStyle = HOT_SPOT_LINE;
  ctx.lineWidth = width;
  ctx.stroke();
}
