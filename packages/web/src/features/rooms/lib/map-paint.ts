import type { GridBox } from '@verdant/contract';
import { cellOrigin, type Gutters, type MapLayout } from './map-geometry';

/** Steps a label may skip by: every box, then every 2nd, 5th, 10th … */
const LABEL_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];

/** The smallest label step that leaves `minSpacing` CSS pixels between labels `pitch` apart. */
export function labelStep(pitch: number, minSpacing: number): number {
  for (const s of LABEL_STEPS) if (s * pitch >= minSpacing) return s;
  return LABEL_STEPS[LABEL_STEPS.length - 1]!;
}

/** Numbers labelled along an axis between `from` and `to`: every one at step 1, else the multiples of `step`. */
export function labelledNumbers(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let n = step === 1 ? Math.max(1, from) : Math.max(step, Math.ceil(from / step) * step); n <= to; n += step) out.push(n);
  return out;
}

export const LABEL_FONT_PX = 11;
const GUTTER_FILL = '#fafaf9';
const GUTTER_TEXT = '#44403c';
const GUTTER_RULE = '#d6d3d1';

/** Label steps for a layout: wide enough apart that 11 px numbers never overlap at any zoom. */
export function labelSteps(l: MapLayout): { x: number; y: number } {
  const pitch = l.cell + l.gap;
  const digits = String(Math.max(l.nx, 1)).length;
  return { x: labelStep(pitch, digits * 7 + 8), y: labelStep(pitch, LABEL_FONT_PX + 5) };
}

/**
 * Paints the sticky label gutters over a windowed map: X numbers along the top, Y numbers down the left,
 * each centred on its column or row, skipping to every 2nd, 5th, 10th … when boxes are too small for all.
 */
export function paintLabels(ctx: CanvasRenderingContext2D, l: MapLayout, gutters: Gutters): { x: number; y: number } {
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  ctx.fillStyle = GUTTER_FILL;
  ctx.fillRect(0, 0, l.viewWidth, gutters.top);
  ctx.fillRect(0, 0, gutters.left, l.viewHeight);
  ctx.fillStyle = GUTTER_RULE;
  ctx.fillRect(0, gutters.top - 1, l.viewWidth, 1);
  ctx.fillRect(gutters.left - 1, 0, 1, l.viewHeight);
  const steps = labelSteps(l);
  const half = l.cell / 2;
  ctx.fillStyle = GUTTER_TEXT;
  ctx.font = `600 ${LABEL_FONT_PX}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  for (const x of labelledNumbers(l.x0, l.x1, steps.x)) {
    const [ox] = cellOrigin(l, x, 1);
    const cx = ox + half;
    if (cx < gutters.left + 4 || cx > l.viewWidth - 2) continue;
    ctx.fillText(String(x), cx, gutters.top / 2);
  }
  ctx.textAlign = 'right';
  for (const y of labelledNumbers(l.y0, l.y1, steps.y)) {
    const [, oy] = cellOrigin(l, 1, y);
    const cy = oy + half;
    if (cy < gutters.top + 4 || cy > l.viewHeight - 2) continue;
    ctx.fillText(String(y), gutters.left - 5, cy);
  }
  // The corner names the axes as the spec does: X across, Y down.
  ctx.fillStyle = GUTTER_FILL;
  ctx.fillRect(0, 0, gutters.left - 1, gutters.top - 1);
  ctx.fillStyle = '#78716c';
  ctx.font = `600 ${LABEL_FONT_PX - 1}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.fillText('Y', 3, gutters.top - 6);
  ctx.textAlign = 'right';
  ctx.fillText('X', gutters.left - 4, 7);
  return steps;
}

export const EMPTY_BOX_COLOR = '#ffffff';
export const BOX_BORDER_COLOR = '#a8a29e';
export const CULLED_FILL = '#d6d3d1';
export const CULLED_HATCH = '#57534e';
export const GRID_GAP_COLOR = '#a8a29e';

/**
 * Paints every box: one path per colour (so 10,000 boxes cost a handful of fill calls), then the
 * culled ones greyed with a hatch, then a thin border around all. `alpha` lets a background show through.
 */
export function paintBoxes(
  ctx: CanvasRenderingContext2D,
  l: MapLayout,
  boxes: readonly GridBox[],
  opts: { alpha?: number; labels?: boolean } = {},
): void {
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  ctx.clearRect(0, 0, l.viewWidth, l.viewHeight);
  const byColor = new Map<string, number[]>();
  const culled: number[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i]!;
    if (b.culled) {
      culled.push(i);
      continue;
    }
    const key = b.Color?.trim() || EMPTY_BOX_COLOR;
    const list = byColor.get(key);
    if (list) list.push(i);
    else byColor.set(key, [i]);
  }
  if ((opts.alpha ?? 1) >= 1) {
    // The gaps between boxes: dark enough that white (empty) boxes read as boxes even at 3 px.
    ctx.fillStyle = GRID_GAP_COLOR;
    ctx.fillRect(
      Math.max(0, l.left),
      Math.max(0, l.top),
      Math.min(l.viewWidth, l.left + l.width) - Math.max(0, l.left),
      Math.min(l.viewHeight, l.top + l.height) - Math.max(0, l.top),
    );
  }
  ctx.globalAlpha = opts.alpha ?? 1;
  for (const [color, list] of byColor) {
    // An unknown colour name leaves fillStyle unchanged: start from white so it never inherits another.
    ctx.fillStyle = EMPTY_BOX_COLOR;
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const i of list) {
      const b = boxes[i]!;
      const [x, y] = cellOrigin(l, b.X, b.Y);
      ctx.rect(x, y, l.cell, l.cell);
    }
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  if (culled.length) {
    ctx.fillStyle = CULLED_FILL;
    ctx.beginPath();
    for (const i of culled) {
      const b = boxes[i]!;
      const [x, y] = cellOrigin(l, b.X, b.Y);
      ctx.rect(x, y, l.cell, l.cell);
    }
    ctx.fill();
    ctx.strokeStyle = CULLED_HATCH;
    ctx.lineWidth = Math.max(1, l.cell / 12);
    ctx.beginPath();
    for (const i of culled) {
      const b = boxes[i]!;
      const [x, y] = cellOrigin(l, b.X, b.Y);
      ctx.moveTo(x, y + l.cell);
      ctx.lineTo(x + l.cell, y);
      if (l.cell >= 12) {
        ctx.moveTo(x, y + l.cell / 2);
        ctx.lineTo(x + l.cell / 2, y);
        ctx.moveTo(x + l.cell / 2, y + l.cell);
        ctx.lineTo(x + l.cell, y + l.cell / 2);
      }
    }
    ctx.stroke();
  }
  if (l.cell >= 8) {
    ctx.strokeStyle = BOX_BORDER_COLOR;
    ctx.lineWidth = 1 / l.scale;
    ctx.beginPath();
    for (let i = 0; i < boxes.length; i++) {
      const b = boxes[i]!;
      const [x, y] = cellOrigin(l, b.X, b.Y);
      ctx.rect(x + 0.5 / l.scale, y + 0.5 / l.scale, l.cell - 1 / l.scale, l.cell - 1 / l.scale);
    }
    ctx.stroke();
  }
  if (opts.labels && l.cell >= 36) {
    ctx.fillStyle = '#1c1917';
    ctx.font = `${Math.round(l.cell / 3.2)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const b of boxes) {
      if (!b.CustomName) continue;
      const [x, y] = cellOrigin(l, b.X, b.Y);
      const text = b.CustomName.length > 5 ? `${b.CustomName.slice(0, 4)}…` : b.CustomName;
      ctx.fillText(text, x + l.cell / 2, y + l.cell / 2, l.cell - 4);
    }
  }
}

export const NAMED_MARK_COLOR = '#1c1917';
/** Plant dots and sub-box ticks: the notch's dark, with a white halo so they read on any problem colour. */
export const CONTENT_MARK_COLOR = '#1c1917';
const HALO_COLOR = '#ffffff';

/** What a box holds, as the room load counts it; a copy kept on a device before the counts existed reads as empty. */
export const plantsIn = (b: GridBox) => b.PlantCount ?? 0;
export const subBoxesIn = (b: GridBox) => b.SubGridboxCount ?? 0;

/**
 * Marks boxes that carry something besides a colour, over fills and problems, from 6 px boxes up. Each kind
 * has its own shape and corner, so none depends on colour: a triangular notch top-left on named boxes
 * (CustomName), a round dot top-right on boxes with plants, an L-shaped tick bottom-right on boxes with
 * sub-boxes. One path per kind, so 10,000 boxes cost a handful of fills.
 */
export function paintMarkers(ctx: CanvasRenderingContext2D, l: MapLayout, boxes: readonly GridBox[]): void {
  if (l.cell < 6) return;
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  paintNamedNotches(ctx, l, boxes);
  paintContentMarks(ctx, l, boxes);
}

function paintNamedNotches(ctx: CanvasRenderingContext2D, l: MapLayout, boxes: readonly GridBox[]): void {
  const size = Math.max(3, Math.min(12, l.cell * 0.3));
  ctx.beginPath();
  let any = false;
  for (const b of boxes) {
    if (!b.CustomName?.trim()) continue;
    const [x, y] = cellOrigin(l, b.X, b.Y);
    ctx.moveTo(x, y);
    ctx.lineTo(x + size, y);
    ctx.lineTo(x, y + size);
    ctx.closePath();
    any = true;
  }
  if (!any) return;
  ctx.fillStyle = NAMED_MARK_COLOR;
  ctx.fill();
  if (l.cell >= 16) {
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

/** Sizes of the plant dot and the sub-box tick for a box size: readable at 6 px, never crowding a 72 px box. */
export function contentMarkSizes(cell: number) {
  const inset = cell >= 16 ? 2 : 1;
  return {
    inset,
    radius: Math.max(1.25, Math.min(5, cell * 0.11)),
    tick: Math.max(2.5, Math.min(11, cell * 0.28)),
    bar: Math.max(1, Math.min(3.5, cell * 0.09)),
    halo: cell >= 12 ? 2 : 1,
  };
}

function paintContentMarks(ctx: CanvasRenderingContext2D, l: MapLayout, boxes: readonly GridBox[]): void {
  const { inset, radius, tick, bar, halo } = contentMarkSizes(l.cell);
  // Box origins, x and y in turn, of the boxes that get each mark.
  const dots: number[] = [];
  const ticks: number[] = [];
  for (const b of boxes) {
    const plants = plantsIn(b) > 0;
    const subs = subBoxesIn(b) > 0;
    if (!plants && !subs) continue;
    const [x, y] = cellOrigin(l, b.X, b.Y);
    if (plants) dots.push(x, y);
    if (subs) ticks.push(x, y);
  }
  const paint = (origins: number[], trace: (x: number, y: number) => void) => {
    if (!origins.length) return;
    ctx.beginPath();
    for (let i = 0; i < origins.length; i += 2) trace(origins[i]!, origins[i + 1]!);
    // The halo is a stroke under the fill: only its outer half shows, so the mark keeps its full size.
    ctx.strokeStyle = HALO_COLOR;
    ctx.lineWidth = halo;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.fillStyle = CONTENT_MARK_COLOR;
    ctx.fill();
  };
  paint(ticks, (x, y) => {
    const ex = x + l.cell - inset;
    const ey = y + l.cell - inset;
    ctx.moveTo(ex - tick, ey);
    ctx.lineTo(ex, ey);
    ctx.lineTo(ex, ey - tick);
    ctx.lineTo(ex - bar, ey - tick);
    ctx.lineTo(ex - bar, ey - bar);
    ctx.lineTo(ex - tick, ey - bar);
    ctx.closePath();
  });
  paint(dots, (x, y) => {
    const cx = x + l.cell - inset - radius;
    const cy = y + inset + radius;
    ctx.moveTo(cx + radius, cy);
    ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  });
}

export interface OverlayState {
  selected?: { X: number; Y: number } | null;
  target?: { X: number; Y: number } | null;
  /** Boxes chosen in "Select boxes" (only those in view need passing). */
  chosen: readonly { X: number; Y: number }[];
  drag?: { from: { x: number; y: number }; to: { x: number; y: number } } | null;
  cursor?: { x: number; y: number } | null;
  /** Boxes overdue for scouting (only those in view need passing): outlined, under the selection. */
  overdue?: readonly { X: number; Y: number }[];
}

/** Amber, dashed: reads on white, on problem fills and beside the green selection and blue choice. */
export const OVERDUE_OUTLINE = '#b45309';

/** The overlay canvas: selection, move target, chosen boxes, the area rectangle and the keyboard cursor — never over the gutters. */
export function paintOverlay(ctx: CanvasRenderingContext2D, l: MapLayout, gutters: Gutters, s: OverlayState): void {
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  ctx.clearRect(0, 0, l.viewWidth, l.viewHeight);
  ctx.save();
  ctx.beginPath();
  ctx.rect(gutters.left, gutters.top, l.viewWidth - gutters.left, l.viewHeight - gutters.top);
  ctx.clip();
  const ring = (x: number, y: number, color: string, width: number, dash: number[] = []) => {
    const [ox, oy] = cellOrigin(l, x, y);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    const pad = width / 2 + 1;
    ctx.strokeRect(ox - pad, oy - pad, l.cell + pad * 2, l.cell + pad * 2);
  };
  if (s.overdue?.length) {
    // One path for every overdue box in view: a whole unscouted room is still one stroke.
    const w = l.cell >= 12 ? 2 : 1;
    ctx.strokeStyle = OVERDUE_OUTLINE;
    ctx.lineWidth = w;
    ctx.setLineDash(l.cell >= 12 ? [4, 3] : []);
    ctx.beginPath();
    for (const b of s.overdue) {
      const [ox, oy] = cellOrigin(l, b.X, b.Y);
      ctx.rect(ox + w / 2, oy + w / 2, l.cell - w, l.cell - w);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (s.selected) {
    const [sx, sy] = cellOrigin(l, s.selected.X, s.selected.Y);
    ctx.fillStyle = 'rgba(21, 128, 61, 0.35)';
    ctx.fillRect(sx, sy, l.cell, l.cell);
    ring(s.selected.X, s.selected.Y, '#15803d', 3);
  }
  if (s.target) ring(s.target.X, s.target.Y, '#1d4ed8', 3);
  if (s.chosen.length) {
    // One path for all chosen boxes: a multi-select of hundreds stays one fill and one stroke.
    ctx.setLineDash([]);
    ctx.fillStyle = 'rgba(29, 78, 216, 0.30)';
    ctx.strokeStyle = '#1d4ed8';
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (const b of s.chosen) {
      const [ox, oy] = cellOrigin(l, b.X, b.Y);
      ctx.rect(ox + 1, oy + 1, l.cell - 2, l.cell - 2);
    }
    ctx.fill();
    ctx.stroke();
  }
  if (s.drag) {
    const { from, to } = s.drag;
    const [ax, ay] = cellOrigin(l, Math.min(from.x, to.x), Math.min(from.y, to.y));
    const [bx, by] = cellOrigin(l, Math.max(from.x, to.x), Math.max(from.y, to.y));
    ctx.fillStyle = 'rgba(29, 78, 216, 0.15)';
    ctx.fillRect(ax - 1, ay - 1, bx - ax + l.cell + 2, by - ay + l.cell + 2);
    ctx.strokeStyle = '#1d4ed8';
    ctx.lineWidth = 2;
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(ax - 1, ay - 1, bx - ax + l.cell + 2, by - ay + l.cell + 2);
    ctx.setLineDash([]);
  }
  if (s.cursor) {
    ring(s.cursor.x, s.cursor.y, '#ffffff', 4);
    ring(s.cursor.x, s.cursor.y, '#1c1917', 2, [4, 3]);
  }
  ctx.restore();
}
