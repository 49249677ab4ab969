import type { GridBox } from '@verdant/contract';

/** Largest canvas side and area we ask a browser for (Chromium and Safari refuse much beyond these). */
const MAX_CANVAS_SIDE = 16_384;
const MAX_CANVAS_AREA = 64_000_000;

export interface MapLayout {
  nx: number;
  ny: number;
  cell: number;
  gap: number;
  /** CSS pixels. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel actually used (devicePixelRatio, lowered for very large grids). */
  scale: number;
}

export function mapLayout(nx: number, ny: number, cell: number, devicePixelRatio: number): MapLayout {
  const gap = cell >= 12 ? 2 : 1;
  const width = nx * (cell + gap) + gap;
  const height = ny * (cell + gap) + gap;
  const dpr = Math.max(1, devicePixelRatio || 1);
  const scale = Math.max(
    0.25,
    Math.min(dpr, MAX_CANVAS_SIDE / width, MAX_CANVAS_SIDE / height, Math.sqrt(MAX_CANVAS_AREA / (width * height))),
  );
  return { nx, ny, cell, gap, width, height, scale };
}

/** Top-left corner of the cell at X, Y (1-based) in CSS pixels. */
export function cellOrigin(l: MapLayout, x: number, y: number): [number, number] {
  return [l.gap + (x - 1) * (l.cell + l.gap), l.gap + (y - 1) * (l.cell + l.gap)];
}

/** The cell under a point (CSS pixels from the canvas' top-left), or null in a gap or outside. */
export function cellAt(l: MapLayout, px: number, py: number): { x: number; y: number } | null {
  const pitch = l.cell + l.gap;
  const x = Math.floor((px - l.gap / 2) / pitch) + 1;
  const y = Math.floor((py - l.gap / 2) / pitch) + 1;
  if (x < 1 || y < 1 || x > l.nx || y > l.ny) return null;
  return { x, y };
}

/** Index of each box by position: positions[(y-1)*nx + (x-1)] is the box's index, or -1. */
export function indexBoxes(boxes: readonly GridBox[], nx: number, ny: number): Int32Array {
  const positions = new Int32Array(Math.max(0, nx * ny)).fill(-1);
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i]!;
    if (b.X >= 1 && b.Y >= 1 && b.X <= nx && b.Y <= ny) positions[(b.Y - 1) * nx + (b.X - 1)] = i;
  }
  return positions;
}

/** Grid size from the answer, or from the boxes when a cached grid lacks it. */
export function gridSize(grid: { nx?: number; ny?: number; grid_boxes: readonly GridBox[] }): { nx: number; ny: number } {
  let nx = grid.nx ?? 0;
  let ny = grid.ny ?? 0;
  for (const b of grid.grid_boxes) {
    if (b.X > nx) nx = b.X;
    if (b.Y > ny) ny = b.Y;
  }
  return { nx, ny };
}

export const EMPTY_BOX_COLOR = '#ffffff';
export const BOX_BORDER_COLOR = '#a8a29e';
export const CULLED_FILL = '#d6d3d1';
export const CULLED_HATCH = '#57534e';

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
  ctx.clearRect(0, 0, l.width, l.height);
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
