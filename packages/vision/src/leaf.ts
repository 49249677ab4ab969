import { CHLOROTIC, DARK, GREEN, NECROTIC, OTHER, POWDERY, classifyLeafPixels, settleBoundaries } from './colour.js';
import { labelComponents } from './components.js';
import { findTissue } from './tissue.js';
import { areaScale, toOriginalBox, type Scaled } from './downscale.js';
import { convexOutlines } from './outline.js';
import { LESION_PROBLEMS } from './problems.js';
import { LESION_TYPES, type LeafFinding, type LeafResult, type LesionRegion, type LesionType, type RgbaImage, type DoubtCode } from './types.js';

/** The leaf (green and lesions) must cover at least this share of the measured image. */
export const MIN_LEAF_SHARE = 0.03;
/** Its healthy green part at least this share: a leaf 70 % affected still has some (a green-free photo is no leaf). */
export const MIN_GREEN_SHARE = 0.01;
/** A symptom is reported from this share of the leaf (0.5 %). */
export const MIN_FINDING_FRACTION = 0.005;

const CLASS_OF_TYPE: Record<LesionType, number> = { chlorotic: CHLOROTIC, necrotic: NECROTIC, powdery: POWDERY, dark_spot: DARK };
const TYPE_OF_CLASS: (LesionType | undefined)[] = [];
for (const type of LESION_TYPES) TYPE_OF_CLASS[CLASS_OF_TYPE[type]] = type;

/** Severity on the product's 1–5 scale from the affected share: < 5 %, < 10 %, < 25 %, < 50 %, 50 % and more. */
export function severityOf(fraction: number): 1 | 2 | 3 | 4 | 5 {
  if (fraction < 0.05) return 1;
  if (fraction < 0.1) return 2;
  if (fraction < 0.25) return 3;
  if (fraction < 0.5) return 4;
  return 5;
}

const round = (x: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};

/**
 * Segments the leaf and measures its symptoms on the measured copy, or returns null when there is no leaf. The
 * leaf is plant tissue: green and the lesion colours joined to it (tissue.ts), so lesions at the margin, across
 * the leaf or over most of it are measured; with what makes the measurement doubtful.
 */
export function analyseLeaf(s: Scaled, original: RgbaImage, maxRegions: number): { leaf: LeafResult; doubts: DoubtCode[] } | null {
  const { data, width: w, height: h } = s.image;
  const n = w * h;
  const cls = new Uint8Array(n);
  // Local copies: an imported binding may be a getter (see colour.ts), too slow per pixel.
  const greenCode = GREEN;
  const otherCode = OTHER;
  if (classifyLeafPixels(data, cls) < MIN_GREEN_SHARE * n) return null;
  const tissue = findTissue(data, cls, w, h, MIN_GREEN_SHARE * n);
  if (tissue === null) return null;
  const leaf = tissue.leaf;
  settleBoundaries(data, cls, leaf, w, h);

  let leafPx = 0;
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  const sums = new Float64Array(6 * 3);
  const counts = new Int32Array(6);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    if (leaf[p] === 0) continue;
    leafPx++;
    const y = (p / w) | 0;
    const x = p - y * w;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    const c = cls[p]!;
    counts[c] = counts[c]! + 1;
    sums[c * 3] = sums[c * 3]! + data[i]!;
    sums[c * 3 + 1] = sums[c * 3 + 1]! + data[i + 1]!;
    sums[c * 3 + 2] = sums[c * 3 + 2]! + data[i + 2]!;
  }
  if (leafPx < MIN_LEAF_SHARE * n) return null;
  const scale = areaScale(s, original);
  const minLesionPx = Math.max(3, Math.floor(leafPx / 50000));
  const fractions = { chlorotic: 0, necrotic: 0, powdery: 0, dark_spot: 0 } satisfies Record<LesionType, number>;
  const findings: LeafFinding[] = [];
  const regions: LesionRegion[] = [];
  let affected = 0;
  const symptoms = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (leaf[p] === 1 && cls[p] !== greenCode && cls[p] !== otherCode) symptoms[p] = cls[p]!;
  const comps = labelComponents(symptoms, w, h);
  const labelOf = new Map<LesionRegion, number>();
  const px = new Int32Array(6);
  const lesionCount = new Int32Array(6);
  for (let l = 1; l <= comps.count; l++) {
    const a = comps.area[l]!;
    if (a < minLesionPx) continue;
    const code = comps.value[l]!;
    px[code] = px[code]! + a;
    lesionCount[code] = lesionCount[code]! + 1;
    regions.push({
      type: TYPE_OF_CLASS[code]!,
      box: toOriginalBox(s, comps.minX[l]!, comps.minY[l]!, comps.maxX[l]!, comps.maxY[l]!),
      areaPx: Math.round(a * scale),
      polygon: [],
    });
    labelOf.set(regions[regions.length - 1]!, l);
  }
  for (const type of LESION_TYPES) {
    const code = CLASS_OF_TYPE[type];
    affected += px[code]!;
    const fraction = px[code]! / leafPx;
    fractions[type] = round(fraction, 4);
    if (fraction >= MIN_FINDING_FRACTION) {
      const problem = LESION_PROBLEMS[type];
      findings.push({
        type,
        problemSlug: problem.slug,
        problemName: problem.name,
        fraction: round(fraction, 4),
        confidence: confidenceOf(fraction, contrast(sums, counts, code)),
        severity: severityOf(fraction),
        lesions: lesionCount[code]!,
      });
    }
  }
  findings.sort((a, b) => b.fraction - a.fraction || LESION_TYPES.indexOf(a.type) - LESION_TYPES.indexOf(b.type));
  regions.sort((a, b) => b.areaPx - a.areaPx || a.box.y - b.box.y || a.box.x - b.box.x);
  const kept = regions.slice(0, maxRegions);
  const outlines = convexOutlines(comps, w, kept.map((r) => labelOf.get(r)!), s);
  kept.forEach((r, k) => {
    r.polygon = outlines[k]!;
  });
  const affectedFraction = affected / leafPx;
  const result: LeafResult = {
    leafAreaPx: Math.round(leafPx * scale),
    leafBox: toOriginalBox(s, minX, minY, maxX, maxY),
    affectedFraction: round(affectedFraction, 4),
    fractions,
    findings,
    regions: kept,
    severity: findings.length === 0 ? null : severityOf(affectedFraction),
  };
  return { leaf: result, doubts: tissue.doubts };
}

/** Mean colour distance (L1 over RGB, 0..1) between a symptom's pixels and the healthy green ones. */
function contrast(sums: Float64Array, counts: Int32Array, code: number): number {
  const nc = counts[code]!;
  const ng = counts[GREEN]!;
  if (nc === 0 || ng === 0) return 1;
  let d = 0;
  for (let k = 0; k < 3; k++) d += Math.abs(sums[code * 3 + k]! / nc - sums[GREEN * 3 + k]! / ng);
  return d / 765;
}

/**
 * Confidence of a finding: 0.3 to start, up to 0.4 more as the affected share grows to 10 % of the leaf, and up to
 * 0.3 more as the colour contrast to the healthy tissue grows to a third of the full range.
 */
export function confidenceOf(fraction: number, colourContrast: number): number {
  const areaTerm = Math.min(1, fraction / 0.1);
  const contrastTerm = Math.min(1, colourContrast * 3);
  return round(0.3 + 0.4 * areaTerm + 0.3 * contrastTerm, 2);
}
