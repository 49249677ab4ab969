import type { Gutters, MapLayout } from '../../lib/map-geometry';
import { cellOrigin } from '../../lib/map-geometry';

/** The sample-plant marker's fill: violet, apart from the problem, status, overdue and selection colours. */
export const SAMPLE_PLANT_MARK = '#6d28d9';

/** The marker's size (CSS px) in a cell: a third of the cell, readable on a phone, never covering the box. */
export function samplePlantMarkSize(cell: number): number {
  return Math.max(4, Math.min(16, cell * 0.36));
}

/**
 * A diamond in the top-right corner of each sample plant's box, white-edged so it reads on any box colour, on the
 * overlay canvas (after the cursor and selection: the marker stays visible on a chosen box). One path for all of them.
 */
export function paintSamplePlants(ctx: CanvasRenderingContext2D, l: MapLayout, gutters: Gutters, boxes: ReadonlyArray<{ X: number; Y: number }>): void {
  if (boxes.length === 0) return;
  const size = samplePlantMarkSize(l.cell);
  const half = size / 2;
  ctx.save();
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  ctx.beginPath();
  ctx.rect(gutters.left, gutters.top, l.viewWidth - gutters.left, l.viewHeight - gutters.top);
  ctx.clip();
  ctx.beginPath();
  for (const b of boxes) {
    const [ox, oy] = cellOrigin(l, b.X, b.Y);
    const cx = ox + l.cell - half - 1;
    const cy = oy + half + 1;
    ctx.moveTo(cx, cy - half);
    ctx.lineTo(cx + half, cy);
    ctx.lineTo(cx, cy + half);
    ctx.lineTo(cx - half, cy);
    ctx.closePath();
  }
  ctx.fillStyle = SAMPLE_PLANT_MARK;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = size >= 8 ? 1.5 : 1;
  ctx.setLineDash([]);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}
