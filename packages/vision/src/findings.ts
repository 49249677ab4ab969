import type { Analysis, Box, DoubtCode, InsectSizeClass, LesionType } from './types.js';

/**
 * What a model files from the measured analysis: which leaf symptoms (empty: none) and whether it counts
 * the insects on a sticky card. The server's built-in models and the phone pass the same selection, so a
 * pest-only model files no leaf finding anywhere (docs/decisions.md, "One analysis everywhere").
 */
export interface FindingSelection {
  leaf: readonly string[];
  trap: boolean;
}

/** Everything the analysis measures (the default model, plantDiseaseRecognition). */
export const ALL_FINDINGS: FindingSelection = { leaf: ['chlorotic', 'necrotic', 'powdery', 'dark_spot'] satisfies LesionType[], trap: true };

/** Where on the photo, in fractions of its width and height (0 … 1), as the API's regions are. */
export type FindingRegion =
  | { type: 'polygon'; points: Array<[number, number]> }
  | { type: 'box'; x: number; y: number; width: number; height: number };

/** One problem found on a photo, as both the server files it and the phone shows it. */
export interface Finding {
  /** The engine's own label: a leaf symptom or an insect size class. */
  label: LesionType | InsectSizeClass;
  problemSlug: string;
  problemName: string;
  /** The observation scale, 1 (trace) … 5 (severe). */
  severity: 1 | 2 | 3 | 4 | 5;
  /** 0 … 1, two decimals. */
  confidence: number;
  /** Share of the leaf with this symptom in percent, to AFFECTED_PERCENT_STEP; null on a card. */
  affectedPercent: number | null;
  /** Insects counted; null on a leaf. */
  count: number | null;
  /** Lesion outlines (their box when an outline has fewer than three corners), or insect boxes; largest first. */
  regions: FindingRegion[];
}

/** What a photo's analysis comes to: its findings, what the engine doubts and where it looked. */
export interface PhotoFindings {
  kind: Analysis['kind'];
  findings: Finding[];
  /** Empty when the engine is sure of what it saw; never empty for an `unknown` photo. */
  doubts: DoubtCode[];
  /** The leaf or card the engine measured (null when it found neither). */
  lookedAt: FindingRegion | null;
  /** Share of the whole leaf with any symptom, in percent to AFFECTED_PERCENT_STEP (leaf only). */
  affectedPercent: number | null;
  /** Insects on the card (sticky trap only). */
  total: number | null;
}

/**
 * One rounding for the affected share everywhere: 0.1 percentage point. Finer digits are below what the
 * measurement can tell (a lesion's edge pixels move the share by more), and the phone and the server show
 * the same number (docs/decisions.md, "One analysis everywhere").
 */
export const AFFECTED_PERCENT_STEP = 0.1;
/** Region corners to 4 decimals: under half a pixel on a photo up to 10,000 px on a side. */
export const REGION_DECIMALS = 4;
/** Regions kept per finding: every lesion or insect of a real photo, bounded for the row and the phone's message. */
export const MAX_REGIONS_PER_FINDING = 500;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const coord = (v: number, size: number) => round(clamp01(v / size), REGION_DECIMALS);

/** A share 0 … 1 as a percentage to AFFECTED_PERCENT_STEP. */
export const toAffectedPercent = (fraction: number) => round(fraction * 100, 1);

/** A box in image pixels as fractions of the image. */
export function boxRegion(box: Box, width: number, height: number): FindingRegion {
  return { type: 'box', x: coord(box.x, width), y: coord(box.y, height), width: coord(box.width, width), height: coord(box.height, height) };
}

/** An outline in image pixels as fractions of the image; its box when it has fewer than three corners. */
export function outlineRegion(polygon: ReadonlyArray<readonly [number, number]>, box: Box, width: number, height: number): FindingRegion {
  if (polygon.length < 3) return boxRegion(box, width, height);
  return { type: 'polygon', points: polygon.map(([x, y]) => [coord(x, width), coord(y, height)] as [number, number]) };
}

/**
 * Severity of a card count on the observation scale (1 trace … 5 severe): 1–5 insects 1, 6–15 2, 16–40 3,
 * 41–100 4, more 5 (docs/decisions.md, "Scans").
 */
export function trapSeverity(count: number): 1 | 2 | 3 | 4 | 5 {
  return count <= 5 ? 1 : count <= 15 ? 2 : count <= 40 ? 3 : count <= 100 ? 4 : 5;
}

/** The findings of one analysis that the selection asks for: leaf symptoms by type, or insects by size class. */
export function findingsOf(a: Analysis, selection: FindingSelection = ALL_FINDINGS, maxRegions = MAX_REGIONS_PER_FINDING): Finding[] {
  if (a.kind === 'leaf') {
    return a.leaf.findings
      .filter((f) => selection.leaf.includes(f.type))
      .map((f) => ({
        label: f.type,
        problemSlug: f.problemSlug,
        problemName: f.problemName,
        severity: f.severity,
        confidence: round(clamp01(f.confidence), 2),
        affectedPercent: toAffectedPercent(f.fraction),
        count: null,
        regions: a.leaf.regions
          .filter((r) => r.type === f.type)
          .slice(0, maxRegions)
          .map((r) => outlineRegion(r.polygon, r.box, a.width, a.height)),
      }));
  }
  if (a.kind === 'sticky_trap' && selection.trap) {
    return a.trap.counts.map((c) => {
      const blobs = a.trap.regions.filter((r) => r.sizeClass === c.sizeClass);
      // How sure the count is: the share of its insects counted from blobs holding one insect (touching
      // insects are split, which may be off by one).
      const single = blobs.filter((b) => b.count === 1).length;
      return {
        label: c.sizeClass,
        problemSlug: c.problemSlug,
        problemName: c.problemName,
        severity: trapSeverity(c.count),
        confidence: c.count ? round(clamp01(single / c.count), 2) : 0,
        affectedPercent: null,
        count: c.count,
        regions: blobs.slice(0, maxRegions).map((r) => boxRegion(r.box, a.width, a.height)),
      };
    });
  }
  return [];
}

/** A photo's findings with the engine's doubts and the leaf or card it measured. */
export function photoFindings(a: Analysis, selection: FindingSelection = ALL_FINDINGS, maxRegions = MAX_REGIONS_PER_FINDING): PhotoFindings {
  const base = { kind: a.kind, findings: findingsOf(a, selection, maxRegions), doubts: [...a.doubts] };
  if (a.kind === 'leaf') {
    return { ...base, lookedAt: boxRegion(a.leaf.leafBox, a.width, a.height), affectedPercent: toAffectedPercent(a.leaf.affectedFraction), total: null };
  }
  if (a.kind === 'sticky_trap') return { ...base, lookedAt: boxRegion(a.trap.cardBox, a.width, a.height), affectedPercent: null, total: a.trap.total };
  return { ...base, lookedAt: null, affectedPercent: null, total: null };
}

