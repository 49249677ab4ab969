import type { LesionType } from '@verdant/vision';
import { between, blend, canvas, expose, paintBackground, pick, rng, valueNoise, wobblyRadius, type Background } from './paint.js';

/** Lesion colours as they look on leaves, with the engine's symptom each should read as. */
export const LESION_COLOURS: ReadonlyArray<{ name: string; type: LesionType; rgb: [number, number, number] }> = [
  { name: 'yellow', type: 'chlorotic', rgb: [214, 198, 74] },
  { name: 'pale yellow-green', type: 'chlorotic', rgb: [176, 180, 70] },
  { name: 'tan', type: 'necrotic', rgb: [172, 128, 78] },
  { name: 'dark brown', type: 'necrotic', rgb: [104, 64, 36] },
  { name: 'reddish brown', type: 'necrotic', rgb: [142, 58, 42] },
  { name: 'white coating', type: 'powdery', rgb: [224, 228, 218] },
  { name: 'black', type: 'dark_spot', rgb: [34, 30, 27] },
];
const GREENS: [number, number, number][] = [[62, 132, 46], [46, 102, 40], [86, 148, 58], [72, 122, 72], [54, 118, 62]];
const SIZES: [number, number][] = [[320, 240], [400, 300], [480, 360], [640, 480], [800, 600], [1024, 768], [1280, 960], [1600, 1200], [2048, 1536]];
const BACKGROUNDS: Background[] = ['white', 'grey', 'soil', 'cluttered'];
export type LesionPlace = 'inside' | 'margin' | 'across' | 'patch';

export interface LeafPhoto {
  rgba: Uint8Array;
  width: number;
  height: number;
  background: Background;
  jpegQuality: number;
  /** True when part of the leaf is outside the photo. */
  cutByBorder: boolean;
  /** Leaf pixels seen in the photo, and the share of them painted per symptom (the truth). */
  leafPx: number;
  truth: Record<LesionType, number>;
  affected: number;
  colours: string[];
  places: LesionPlace[];
}

/**
 * A leaf photo from `seed`: an irregular leaf (wobbly, pointed, any angle) in one of five greens with mottling and
 * veins, on paper, a bench, soil or a cluttered table, with 0–70 % of it covered by lesions of one to three
 * colours placed inside it, on its margin, in bands across it or as large patches, under uneven light and a tint.
 * `big` draws it at 12 megapixels.
 */
export function leafPhoto(seed: number, big = false): LeafPhoto {
  const r = rng(seed);
  let [width, height] = big ? [4000, 3000] : pick(r, SIZES);
  if (r() < 0.3) [width, height] = [height, width];
  const c = canvas(width, height);
  const background = pick(r, BACKGROUNDS);
  paintBackground(c, r, background);

  const cut = r() < 0.15;
  const short = Math.min(width, height);
  const a = short * between(r, 0.3, 0.45) * (cut ? 1.5 : 1);
  const b = a / between(r, 1.25, 2);
  const cx = width / 2 + between(r, -0.08, 0.08) * width + (cut ? between(r, -0.2, 0.2) * width : 0);
  const cy = height / 2 + between(r, -0.08, 0.08) * height;
  const turn = r() * 2 * Math.PI;
  const [ct, st] = [Math.cos(turn), Math.sin(turn)];
  const outline = wobblyRadius(r, between(r, 0.04, 0.16), 5);
  const edgeOf = (x: number, y: number): number => {
    // Signed distance in pixels (about) from the outline, positive inside.
    const u = ((x - cx) * ct + (y - cy) * st) / a;
    const v = (-(x - cx) * st + (y - cy) * ct) / b;
    const angle = Math.atan2(v, u);
    const tip = 1 + 0.25 * Math.max(0, Math.cos(angle)) ** 6;
    return (outline(angle) * tip - Math.sqrt(u * u + v * v)) * b;
  };
  const green = pick(r, GREENS);
  const mottle = valueNoise(r, width, height, 8);
  const inLeaf = new Uint8Array(width * height);
  // Distance to the outline per pixel, computed once (the lesions below read it), clamped to [-2, 2].
  const edge = new Float32Array(width * height).fill(-2);
  const reachLeaf = a * 1.6;
  const [bx0, bx1] = [Math.max(0, Math.floor(cx - reachLeaf)), Math.min(width, Math.ceil(cx + reachLeaf))];
  const [by0, by1] = [Math.max(0, Math.floor(cy - reachLeaf)), Math.min(height, Math.ceil(cy + reachLeaf))];
  let leafPx = 0;
  for (let y = by0; y < by1; y++) {
    for (let x = bx0, p = y * width + bx0; x < bx1; x++, p++) {
      const d = edgeOf(x, y);
      edge[p] = Math.max(-2, Math.min(2, d));
      if (d < -1) continue;
      const along = (x - cx) * ct + (y - cy) * st;
      const across = -(x - cx) * st + (y - cy) * ct;
      const vein = Math.abs(across) < Math.max(1, b * 0.02) ? 26 : Math.abs(Math.abs(across) - Math.abs(along - a * 0.1) * 0.6) < Math.max(0.7, b * 0.008) ? 14 : 0;
      const m = (mottle(x, y) - 0.5) * 30;
      blend(c, p, [green[0] + m + vein, green[1] + m + vein, green[2] + m * 0.6 + vein * 0.6], Math.min(1, Math.max(0, d + 0.5)));
      if (d >= 0) {
        inLeaf[p] = 1;
        leafPx++;
      }
    }
  }

  const target = r() < 0.15 ? 0 : r() < 0.2 ? between(r, 0.005, 0.05) : between(r, 0.02, 0.7);
  const colourCount = 1 + Math.floor(r() * 3);
  const colours = Array.from({ length: colourCount }, () => pick(r, LESION_COLOURS));
  const lesionOf = new Uint8Array(width * height); // 1 + index in LESION_COLOURS
  const places = new Set<LesionPlace>();
  let painted = 0;
  const leafPixels: number[] = [];
  for (let p = 0; p < inLeaf.length; p += 97) if (inLeaf[p] === 1) leafPixels.push(p);
  for (let tries = 0; tries < 400 && painted < target * leafPx && leafPixels.length > 0; tries++) {
    const colour = colours[tries % colours.length]!;
    const place: LesionPlace = pick(r, ['inside', 'inside', 'margin', 'margin', 'across', 'patch'] as const);
    const remaining = target * leafPx - painted;
    let radius = Math.min(Math.sqrt(remaining / Math.PI) + 2, b * between(r, 0.05, place === 'patch' ? 0.9 : 0.25));
    const start = leafPixels[Math.floor(r() * leafPixels.length)]!;
    let px = start % width;
    let py = Math.floor(start / width);
    if (place === 'margin') {
      // Walk out from the centre through the chosen point to the outline.
      const len = Math.hypot(px - cx, py - cy) || 1;
      for (let s = 0; s < 3 * a && edgeOf(px, py) > 0; s++) {
        px += (px - cx) / len;
        py += (py - cy) / len;
      }
    }
    const shape = wobblyRadius(r, 0.25, 4);
    const band = place === 'across' ? { dx: Math.cos(turn + Math.PI / 2 + between(r, -0.6, 0.6)), half: Math.max(2, radius * 0.35) } : null;
    if (band) radius = a * 3;
    const index = LESION_COLOURS.indexOf(colour) + 1;
    const reach = Math.ceil(radius * 1.55) + 2;
    for (let y = Math.max(by0, Math.floor(py - reach)); y < Math.min(by1, py + reach); y++) {
      for (let x = Math.max(bx0, Math.floor(px - reach)); x < Math.min(bx1, px + reach); x++) {
        const p = y * width + x;
        if (edge[p]! < -1) continue;
        let d: number;
        if (band) {
          const ny = Math.sqrt(1 - band.dx * band.dx);
          d = band.half - Math.abs((x - px) * -ny + (y - py) * band.dx);
        } else {
          const dist = Math.hypot(x - px, y - py);
          if (dist > reach) continue;
          d = radius * shape(Math.atan2(y - py, x - px)) - dist;
        }
        if (d < -1) continue;
        const alpha = Math.min(1, Math.max(0, d + 0.5)) * Math.min(1, Math.max(0, edge[p]! + 0.5));
        const jitter = (r() - 0.5) * 16;
        blend(c, p, [colour.rgb[0] + jitter, colour.rgb[1] + jitter, colour.rgb[2] + jitter], alpha);
        if (d >= 0 && inLeaf[p] === 1 && lesionOf[p] === 0) {
          lesionOf[p] = index;
          painted++;
        } else if (d >= 0 && inLeaf[p] === 1) lesionOf[p] = index;
      }
    }
    places.add(place);
  }
  const counts = { chlorotic: 0, necrotic: 0, powdery: 0, dark_spot: 0 } satisfies Record<LesionType, number>;
  for (let p = 0; p < lesionOf.length; p++) if (lesionOf[p]! > 0) counts[LESION_COLOURS[lesionOf[p]! - 1]!.type]++;
  const truth = { chlorotic: 0, necrotic: 0, powdery: 0, dark_spot: 0 } satisfies Record<LesionType, number>;
  let affected = 0;
  for (const t of Object.keys(counts) as LesionType[]) {
    truth[t] = counts[t] / leafPx;
    affected += counts[t];
  }
  let touches = false;
  for (let x = 0; x < width && !touches; x++) touches = inLeaf[x] === 1 || inLeaf[(height - 1) * width + x] === 1;
  for (let y = 0; y < height && !touches; y++) touches = inLeaf[y * width] === 1 || inLeaf[y * width + width - 1] === 1;
  const rgba = expose(c, r, {
    gradient: between(r, 0, 0.45),
    vignette: between(r, 0, 0.25),
    tint: [between(r, 0.94, 1.06), between(r, 0.96, 1.04), between(r, 0.92, 1.08)],
    noise: between(r, 2, 10),
    exposure: between(r, 0.8, 1.15),
  });
  return {
    rgba,
    width,
    height,
    background,
    jpegQuality: 70 + Math.floor(r() * 26),
    cutByBorder: touches,
    leafPx,
    truth,
    affected: affected / leafPx,
    colours: [...new Set(colours.map((x) => x.name))],
    places: [...places],
  };
}
