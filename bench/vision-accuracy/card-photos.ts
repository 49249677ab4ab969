import { between, blend, canvas, expose, paintBackground, pick, rng } from './paint.js';

const SIZES: [number, number][] = [[1280, 960], [1440, 1080], [1600, 1200], [2048, 1536]];

export interface CardPhoto {
  rgba: Uint8Array;
  width: number;
  height: number;
  jpegQuality: number;
  colour: 'yellow' | 'blue';
  grid: boolean;
  tiltDeg: number;
  /** Insects drawn (the truth), how many of them touch another, how many lie on a grid line. */
  insects: number;
  touching: number;
  onLines: number;
}

/**
 * A sticky-card photo from `seed`: a 250 × 100 mm yellow or blue card tilted up to 10°, with or without a printed
 * grid (lines 0.3–0.7 mm every 20–30 mm), 0–300 insects of 1–5 mm (dark bodies of any elongation and angle, some
 * white whiteflies), a fifth of them drawn touching another and some centred on a line, under uneven light.
 */
export function cardPhoto(seed: number, big = false): CardPhoto {
  const r = rng(seed);
  const [width, height] = big ? [4000, 3000] : pick(r, SIZES);
  const c = canvas(width, height);
  // Benches, paper and a greenhouse floor; a cluttered table has card-coloured objects that touch the card.
  paintBackground(c, r, pick(r, ['grey', 'white', 'soil'] as const));
  const tiltDeg = between(r, -10, 10);
  const t = (tiltDeg * Math.PI) / 180;
  const [ct, st] = [Math.cos(t), Math.sin(t)];
  const long = width * between(r, 0.62, 0.82);
  const short = long * 0.4;
  const pxPerMm = long / 250;
  const cx = width / 2 + between(r, -0.04, 0.04) * width;
  const cy = height / 2 + between(r, -0.04, 0.04) * height;
  const colour = r() < 0.75 ? 'yellow' : 'blue';
  const base = colour === 'yellow' ? [234 + between(r, -10, 8), 214 + between(r, -14, 10), 36 + between(r, -10, 20)] : [30, 96 + between(r, -10, 10), 200 + between(r, -15, 15)];
  const grid = r() < 0.6;
  const step = between(r, 20, 30) * pxPerMm;
  const lineHalf = (between(r, 0.3, 0.7) * pxPerMm) / 2;
  const lineColour = [38, 38, 44];
  const toCard = (x: number, y: number): [number, number] => [(x - cx) * ct + (y - cy) * st + long / 2, -(x - cx) * st + (y - cy) * ct + short / 2];
  const lineDistance = (u: number, v: number): number => {
    const du = u - Math.round(u / step) * step;
    const dv = v - Math.round(v / step) * step;
    return Math.min(Math.abs(du), Math.abs(dv));
  };
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const [u, v] = toCard(x, y);
      const inside = Math.min(u, long - u, v, short - v);
      if (inside < -1) continue;
      const n = (r() - 0.5) * 10;
      blend(c, p, [base[0]! + n, base[1]! + n, base[2]! + n], Math.min(1, inside + 0.5));
      if (grid && inside > 0) blend(c, p, lineColour, Math.min(1, Math.max(0, lineHalf - lineDistance(u, v) + 0.5)));
    }
  }

  const total = r() < 0.06 ? 0 : Math.floor(between(r, 0, 1) ** 1.2 * 301);
  const placed: Array<{ u: number; v: number; radius: number }> = [];
  let touching = 0;
  let onLines = 0;
  const margin = 3 * pxPerMm;
  for (let k = 0; k < total; k++) {
    const dMm = between(r, 1, 5);
    const aspect = between(r, 1, 2.2);
    const radius = (dMm * pxPerMm) / 2;
    const ra = radius * Math.sqrt(aspect);
    const rb = radius / Math.sqrt(aspect);
    const angle = r() * Math.PI;
    const pale = dMm >= 1.3 && dMm <= 2 && r() < 0.4;
    const wantTouch = placed.length > 0 && r() < 0.2;
    const wantLine = grid && !wantTouch && r() < 0.2;
    let spot: { u: number; v: number } | null = null;
    for (let tries = 0; tries < 300 && spot === null; tries++) {
      let u = between(r, margin, long - margin);
      let v = between(r, margin, short - margin);
      if (wantTouch) {
        const other = pick(r, placed);
        const dir = r() * 2 * Math.PI;
        const dist = (other.radius + radius) * between(r, 0.8, 0.95);
        u = other.u + Math.cos(dir) * dist;
        v = other.v + Math.sin(dir) * dist;
      } else if (wantLine) {
        if (r() < 0.5) u = Math.round(u / step) * step;
        else v = Math.round(v / step) * step;
      }
      if (u < margin || u > long - margin || v < margin || v > short - margin) continue;
      // Apart from every other insect by 0.4 mm, except the one it is meant to touch.
      let clash = 0;
      for (const o of placed) if (Math.hypot(o.u - u, o.v - v) < o.radius * 1.5 + ra + 0.4 * pxPerMm) clash++;
      if (clash === 0 || (wantTouch && clash === 1)) spot = { u, v };
    }
    if (spot === null) continue;
    if (wantTouch) touching++;
    if (wantLine) onLines++;
    placed.push({ u: spot.u, v: spot.v, radius: ra });
    const x0 = cx + (spot.u - long / 2) * ct - (spot.v - short / 2) * st;
    const y0 = cy + (spot.u - long / 2) * st + (spot.v - short / 2) * ct;
    const [ca, sa] = [Math.cos(angle), Math.sin(angle)];
    const body = pale ? [232, 234, 226] : [between(r, 25, 70), between(r, 22, 55), between(r, 18, 45)];
    for (let y = Math.floor(y0 - ra - 2); y <= Math.ceil(y0 + ra + 2); y++) {
      for (let x = Math.floor(x0 - ra - 2); x <= Math.ceil(x0 + ra + 2); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const along = (x - x0) * ca + (y - y0) * sa;
        const across = -(x - x0) * sa + (y - y0) * ca;
        const e = Math.sqrt((along / ra) ** 2 + (across / rb) ** 2);
        const d = (1 - e) * rb; // about the distance inside the outline, in pixels
        if (d < -1) continue;
        blend(c, y * width + x, body, Math.min(1, Math.max(0, d + 0.5)));
      }
    }
  }
  const rgba = expose(c, r, {
    gradient: between(r, 0, 0.4),
    vignette: between(r, 0, 0.3),
    tint: [between(r, 0.96, 1.04), between(r, 0.97, 1.03), between(r, 0.94, 1.06)],
    noise: between(r, 2, 8),
    exposure: between(r, 0.88, 1.08),
  });
  return { rgba, width, height, jpegQuality: 70 + Math.floor(r() * 26), colour, grid, tiltDeg, insects: placed.length, touching, onLines };
}
