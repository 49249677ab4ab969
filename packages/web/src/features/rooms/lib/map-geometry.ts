import type { GridBox } from '@verdant/contract';

/** Largest canvas side and area we ask a browser for (Chromium and Safari refuse much beyond these). */
const MAX_CANVAS_SIDE = 16_384;
const MAX_CANVAS_AREA = 64_000_000;

export interface MapLayout {
  nx: number;
  ny: number;
  cell: number;
  gap: number;
  /** The whole grid's size in CSS pixels at this cell size. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel actually used (devicePixelRatio, lowered for very large canvases). */
  scale: number;
  /** The canvas' size in CSS pixels: the whole grid, or the visible window onto it. */
  viewWidth: number;
  viewHeight: number;
  /** Where the grid's top-left corner lies on the canvas (CSS pixels): the label gutters minus the pan. */
  left: number;
  top: number;
  /** The boxes at least partly inside the canvas (1-based, inclusive); x0 > x1 when none are. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

function canvasScale(width: number, height: number, devicePixelRatio: number): number {
  const dpr = Math.max(1, devicePixelRatio || 1);
  return Math.max(
    0.25,
    Math.min(dpr, MAX_CANVAS_SIDE / width, MAX_CANVAS_SIDE / height, Math.sqrt(MAX_CANVAS_AREA / (width * height))),
  );
}

/** Gap between boxes for a cell size. */
export function gapFor(cell: number): number {
  return cell >= 12 ? 2 : 1;
}

/** The whole grid on one canvas (no window, no gutters). */
export function mapLayout(nx: number, ny: number, cell: number, devicePixelRatio: number): MapLayout {
  const gap = gapFor(cell);
  const width = nx * (cell + gap) + gap;
  const height = ny * (cell + gap) + gap;
  const scale = canvasScale(width, height, devicePixelRatio);
  return { nx, ny, cell, gap, width, height, scale, viewWidth: width, viewHeight: height, left: 0, top: 0, x0: 1, x1: nx, y0: 1, y1: ny };
}

/** Label gutters around a windowed map: columns (X) along the top, rows (Y) down the left. */
export interface Gutters {
  left: number;
  top: number;
}

/** Gutter sizes for a grid: the left one fits the widest row number. */
export function guttersFor(ny: number): Gutters {
  return { left: Math.max(24, String(Math.max(1, ny)).length * 7 + 12), top: 20 };
}

/**
 * A window of `viewWidth` × `viewHeight` CSS pixels onto the grid, with label gutters and the grid
 * scrolled by `panX`, `panY` (CSS pixels of the grid hidden left of and above the window).
 */
export function viewLayout(
  nx: number,
  ny: number,
  cell: number,
  devicePixelRatio: number,
  view: { width: number; height: number; panX: number; panY: number; gutters: Gutters },
): MapLayout {
  const gap = gapFor(cell);
  const pitch = cell + gap;
  const width = nx * pitch + gap;
  const height = ny * pitch + gap;
  const viewWidth = Math.max(1, view.width);
  const viewHeight = Math.max(1, view.height);
  const left = view.gutters.left - view.panX;
  const top = view.gutters.top - view.panY;
  const scale = canvasScale(viewWidth, viewHeight, devicePixelRatio);
  // First box whose right edge is right of the gutter, last whose left edge is left of the window's edge.
  const x0 = Math.max(1, Math.floor((view.gutters.left - left) / pitch) + 1);
  const x1 = Math.min(nx, Math.ceil((viewWidth - left - gap) / pitch));
  const y0 = Math.max(1, Math.floor((view.gutters.top - top) / pitch) + 1);
  const y1 = Math.min(ny, Math.ceil((viewHeight - top - gap) / pitch));
  return { nx, ny, cell, gap, width, height, scale, viewWidth, viewHeight, left, top, x0, x1, y0, y1 };
}

/** Zoom and pan of a windowed map: box side and how far the grid is scrolled (CSS pixels). */
export interface MapView {
  cell: number;
  panX: number;
  panY: number;
}

/** Largest box side a zoom or fit goes to (CSS pixels). */
export const MAX_CELL = 96;
/** Largest box side "fit" picks for a small grid: bigger boxes only waste the screen. */
const MAX_FIT_CELL = 72;
const MIN_CELL = 2;

/** The grid's size in CSS pixels with boxes of side `cell`. */
export function contentSize(nx: number, ny: number, cell: number): { width: number; height: number } {
  const gap = gapFor(cell);
  return { width: nx * (cell + gap) + gap, height: ny * (cell + gap) + gap };
}

/**
 * The map's height (CSS pixels) with the whole grid at the smallest fitted box: a fitted map given less would
 * leave rows out (a 100-row grid needs 323 px).
 */
export function smallestFitHeight(ny: number, gutters: Gutters): number {
  return gutters.top + contentSize(1, ny, MIN_CELL).height + 2;
}

/** The box side that fits the whole grid into `width` × `height` CSS pixels (gutters included). */
export function fitCell(nx: number, ny: number, width: number, height: number, gutters: Gutters): number {
  const side = (room: number, n: number, gap: number) => (room - gap) / Math.max(1, n) - gap;
  const fit = (gap: number) => Math.min(side(width - gutters.left, nx, gap), side(height - gutters.top, ny, gap));
  let cell = fit(1);
  if (cell >= 12) cell = Math.max(12, fit(2));
  return Math.max(MIN_CELL, Math.min(MAX_FIT_CELL, Math.floor(cell * 4) / 4));
}

/** Keeps the grid inside the window: no empty space left of or above it, none right of or below it when it is larger. */
export function clampPan(
  nx: number,
  ny: number,
  view: MapView,
  window: { width: number; height: number },
  gutters: Gutters,
): MapView {
  const { width, height } = contentSize(nx, ny, view.cell);
  const maxX = Math.max(0, width - (window.width - gutters.left));
  const maxY = Math.max(0, height - (window.height - gutters.top));
  return { cell: view.cell, panX: Math.min(maxX, Math.max(0, view.panX)), panY: Math.min(maxY, Math.max(0, view.panY)) };
}

/**
 * Zooms to `cell` keeping the grid point under (`px`, `py`) (CSS pixels on the canvas) where it is, as a
 * wheel or pinch does around the pointer.
 */
export function zoomAround(view: MapView, cell: number, px: number, py: number, gutters: Gutters): MapView {
  const pitch = view.cell + gapFor(view.cell);
  const next = cell + gapFor(cell);
  // Grid coordinates (in boxes) under the point, then where the pan must be to keep them there.
  const gx = (px - gutters.left + view.panX) / pitch;
  const gy = (py - gutters.top + view.panY) / pitch;
  return { cell, panX: gx * next - (px - gutters.left), panY: gy * next - (py - gutters.top) };
}

/** Top-left corner of the cell at X, Y (1-based) in CSS pixels on the canvas. */
export function cellOrigin(l: MapLayout, x: number, y: number): [number, number] {
  return [l.left + l.gap + (x - 1) * (l.cell + l.gap), l.top + l.gap + (y - 1) * (l.cell + l.gap)];
}

/** The cell under a point (CSS pixels from the canvas' top-left), or null in a gap or outside. */
export function cellAt(l: MapLayout, px: number, py: number): { x: number; y: number } | null {
  const pitch = l.cell + l.gap;
  const x = Math.floor((px - l.left - l.gap / 2) / pitch) + 1;
  const y = Math.floor((py - l.top - l.gap / 2) / pitch) + 1;
  if (x < 1 || y < 1 || x > l.nx || y > l.ny) return null;
  return { x, y };
}

/** Whether the layout shows every box (no culling needed). */
function showsAll(l: MapLayout): boolean {
  return l.x0 <= 1 && l.y0 <= 1 && l.x1 >= l.nx && l.y1 >= l.ny;
}

/**
 * The boxes inside the layout's window: all of them when everything is visible, else only those in the
 * visible rows and columns (looked up through `positions`), so a zoomed-in 10,000-box map paints a few hundred.
 */
export function visibleBoxes<B extends { X: number; Y: number }>(l: MapLayout, boxes: readonly B[], positions: Int32Array): readonly B[] {
  if (showsAll(l)) return boxes;
  const out: B[] = [];
  if (l.x0 > l.x1 || l.y0 > l.y1) return out;
  for (let y = l.y0; y <= l.y1; y++) {
    const row = (y - 1) * l.nx;
    for (let x = l.x0; x <= l.x1; x++) {
      const i = positions[row + x - 1] ?? -1;
      if (i >= 0) out.push(boxes[i]!);
    }
  }
  return out;
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
