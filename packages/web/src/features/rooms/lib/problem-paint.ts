import { problemAbbreviation, type GridBox, type ProblemColorMapping } from '@verdant/contract';
import { readableTextOn } from '../../../lib/colour';
import { cellOrigin, type MapLayout } from './map-geometry';

/** One open problem of a box as /get_unresolved_problems_for_grid_circles answers it. */
export interface ProblemCircleData {
  Problem: string;
  count: number;
  max_severity: number | null;
  last_observed_at: string;
  Color: string;
  Abbreviation: string;
}

export interface BoxCirclesData {
  GridBoxID: number;
  circles: readonly ProblemCircleData[];
  /** Suspected problems (unreviewed scan detections), apart from the circles; absent in copies kept from before. */
  suspected?: readonly { count: number; confidence: number }[];
}

export interface ProblemMark {
  problem: string;
  color: string;
  abbreviation: string;
  count: number;
  severity: number | null;
}

/** How one box is drawn when problems are shown: the fill of its leading problem and up to 3 marks. */
export interface BoxProblemStyle {
  /** The leading open problem's colour; null for a box with suspected problems only. */
  fill: string | null;
  /** Every open problem, most important first. */
  problems: ProblemMark[];
  /** Suspected problems in the box (drawn as a dashed outline) and their highest confidence (0–1). */
  suspected?: { count: number; confidence: number };
}

/** What the legend says of suspected problems: how many, in how many boxes, the highest confidence. */
export interface SuspectedLegend {
  boxes: number;
  observations: number;
  confidence: number;
}

export interface LegendEntry {
  problem: string;
  color: string;
  abbreviation: string;
  /** Boxes with this problem open. */
  boxes: number;
  /** Open observations of it. */
  observations: number;
}

/** Shown on the map before "+n". */
export const MAX_CIRCLES = 3;
const FALLBACK_COLOR = '#b91c1c';

function mark(c: ProblemCircleData, colors: ReadonlyMap<string, ProblemColorMapping> | undefined): ProblemMark {
  // The company's mapping as this device knows it wins: it is what the legend and the colour page show.
  const own = colors?.get(c.Problem.trim().toLowerCase());
  const color = own?.Color || c.Color || FALLBACK_COLOR;
  // The one abbreviation rule (company's, else the library's, else initials), as every other screen shows it.
  const abbreviation = problemAbbreviation(c.Problem, own?.Abbreviation || c.Abbreviation);
  return { problem: c.Problem, color, abbreviation, count: c.count, severity: c.max_severity };
}

/** Most severe first, then the most frequent, then the latest seen, then by name (stable). */
function compare(a: ProblemCircleData, b: ProblemCircleData): number {
  return (
    (b.max_severity ?? -1) - (a.max_severity ?? -1) ||
    b.count - a.count ||
    b.last_observed_at.localeCompare(a.last_observed_at) ||
    a.Problem.localeCompare(b.Problem)
  );
}

/**
 * The style of every box with open problems: filled in the colour of its most severe (then most frequent)
 * problem, with its problems in that order for the circles. Boxes without problems are absent.
 */
export function boxProblemStyles(
  boxes: readonly BoxCirclesData[],
  colors?: ReadonlyMap<string, ProblemColorMapping>,
): Map<number, BoxProblemStyle> {
  const out = new Map<number, BoxProblemStyle>();
  for (const b of boxes) {
    const suspected = b.suspected?.length
      ? { count: b.suspected.reduce((n, s) => n + s.count, 0), confidence: Math.max(...b.suspected.map((s) => s.confidence)) }
      : undefined;
    if (b.circles.length === 0 && !suspected) continue;
    const problems = [...b.circles].sort(compare).map((c) => mark(c, colors));
    out.set(b.GridBoxID, { fill: problems[0]?.color ?? null, problems, ...(suspected ? { suspected } : {}) });
  }
  return out;
}

/** Boxes with an open problem (a box with suspected ones only is not one). */
export const boxesWithOpenProblems = (styles: ReadonlyMap<number, BoxProblemStyle>) => [...styles.values()].filter((s) => s.problems.length > 0).length;

/** Suspected problems over the given styles, for the legend; null when there are none. */
export function suspectedLegend(styles: Iterable<ReadonlyMap<number, BoxProblemStyle>>): SuspectedLegend | null {
  const out: SuspectedLegend = { boxes: 0, observations: 0, confidence: 0 };
  for (const map of styles) {
    for (const style of map.values()) {
      if (!style.suspected) continue;
      out.boxes += 1;
      out.observations += style.suspected.count;
      out.confidence = Math.max(out.confidence, style.suspected.confidence);
    }
  }
  return out.boxes ? out : null;
}

/** The problems present (in any of the given styles), most widespread first, for the legend. */
export function problemLegend(styles: Iterable<ReadonlyMap<number, BoxProblemStyle>>): LegendEntry[] {
  const byName = new Map<string, LegendEntry>();
  for (const map of styles) {
    for (const style of map.values()) {
      for (const p of style.problems) {
        const key = p.problem.trim().toLowerCase();
        const entry = byName.get(key);
        if (entry) {
          entry.boxes += 1;
          entry.observations += p.count;
        } else {
          byName.set(key, { problem: p.problem, color: p.color, abbreviation: p.abbreviation, boxes: 1, observations: p.count });
        }
      }
    }
  }
  return [...byName.values()].sort((a, b) => b.boxes - a.boxes || a.problem.localeCompare(b.problem));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Centres of the (up to 4) circle slots of a box: a 2 × 2 arrangement inside the cell. */
function slots(x: number, y: number, cell: number): Array<[number, number]> {
  const q = cell / 4;
  return [
    [x + q, y + q],
    [x + 3 * q, y + q],
    [x + q, y + 3 * q],
    [x + 3 * q, y + 3 * q],
  ];
}

/** Boxes with suspected problems get a dashed outline inside the cell (one path), as the legend shows it. */
function paintSuspected(ctx: CanvasRenderingContext2D, l: MapLayout, cells: ReadonlyArray<[number, number]>) {
  if (cells.length === 0) return;
  const w = Math.max(1, Math.min(3, l.cell / 8));
  ctx.save();
  ctx.lineWidth = w;
  ctx.strokeStyle = '#0369a1';
  ctx.setLineDash([Math.max(2, l.cell / 6), Math.max(2, l.cell / 10)]);
  ctx.beginPath();
  for (const [x, y] of cells) ctx.rect(x + w / 2, y + w / 2, l.cell - w, l.cell - w);
  ctx.stroke();
  ctx.restore();
}

/**
 * Paints open problems over the boxes drawn by `paintBoxes`: one fill path per problem colour, then (at
 * 24 px and more) the abbreviation of a single problem, or up to three circles and "+n" for several.
 * Culled boxes are left as they are. Every colour is one path, so 10,000 boxes stay a handful of fills.
 */
export function paintProblems(
  ctx: CanvasRenderingContext2D,
  l: MapLayout,
  boxes: readonly GridBox[],
  styles: ReadonlyMap<number, BoxProblemStyle>,
  opts: { alpha?: number } = {},
): void {
  if (styles.size === 0) return;
  ctx.setTransform(l.scale, 0, 0, l.scale, 0, 0);
  const fills = new Map<string, Array<[number, number]>>();
  const marked: Array<{ x: number; y: number; style: BoxProblemStyle }> = [];
  const dashed: Array<[number, number]> = [];
  for (const b of boxes) {
    if (b.culled) continue;
    const style = styles.get(b.id);
    if (!style) continue;
    const [x, y] = cellOrigin(l, b.X, b.Y);
    if (style.suspected) dashed.push([x, y]);
    if (style.fill === null) continue;
    push(fills, style.fill, [x, y]);
    marked.push({ x, y, style });
  }
  ctx.globalAlpha = opts.alpha ?? 1;
  for (const [color, cells] of fills) {
    ctx.fillStyle = FALLBACK_COLOR;
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const [x, y] of cells) ctx.rect(x, y, l.cell, l.cell);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  paintSuspected(ctx, l, dashed);
  if (l.cell < 24) return;

  const inset = l.cell >= 12 ? 1 : 0;
  const circles = new Map<string, Array<[number, number]>>();
  const texts: Array<{ text: string; x: number; y: number; color: string; size: number; max: number }> = [];
  const radius = l.cell / 4 - 1;
  const small = Math.max(7, Math.round(radius * 1.05));
  // Below this the circles are colour dots: letters would be unreadable.
  const labelled = radius >= 6;
  for (const { x, y, style } of marked) {
    const n = style.problems.length;
    if (n === 1) {
      const p = style.problems[0]!;
      texts.push({ text: p.abbreviation, x: x + l.cell / 2, y: y + l.cell / 2, color: readableTextOn(p.color), size: Math.round(l.cell / 2.6), max: l.cell - 4 });
      continue;
    }
    const where = slots(x + inset, y + inset, l.cell - 2 * inset);
    const shown = style.problems.slice(0, MAX_CIRCLES);
    shown.forEach((p, i) => {
      const [cx, cy] = where[i]!;
      push(circles, p.color, [cx, cy]);
      if (labelled) texts.push({ text: p.abbreviation, x: cx, y: cy, color: readableTextOn(p.color), size: small, max: radius * 2 });
    });
    if (n > shown.length) {
      const [cx, cy] = where[MAX_CIRCLES]!;
      push(circles, '#ffffff', [cx, cy]);
      if (labelled) texts.push({ text: `+${n - shown.length}`, x: cx, y: cy, color: '#1c1917', size: small, max: radius * 2 });
    }
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#ffffff';
  for (const [color, centres] of circles) {
    ctx.fillStyle = FALLBACK_COLOR;
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const [cx, cy] of centres) {
      ctx.moveTo(cx + radius, cy);
      ctx.arc(cx, cy, radius, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.stroke();
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let font = '';
  for (const t of texts) {
    const next = `600 ${t.size}px system-ui, sans-serif`;
    if (next !== font) ctx.font = font = next;
    ctx.fillStyle = t.color;
    ctx.fillText(t.text.slice(0, 3), t.x, t.y + 0.5, t.max);
  }
}
