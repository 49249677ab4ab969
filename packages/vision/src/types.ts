/** RGBA pixels, 4 bytes per pixel, row-major (what sharp's `.ensureAlpha().raw()` and a canvas `ImageData` give). */
export interface RgbaImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** An axis-aligned box in ORIGINAL image pixels: x, y of the top-left corner, width and height (integers). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Which engine answered: the measured analysis here, or (elsewhere) an ONNX classifier. */
export interface EngineInfo {
  name: 'verdant-vision';
  version: string;
}

export const LESION_TYPES = ['chlorotic', 'necrotic', 'powdery', 'dark_spot'] as const;
/** chlorotic: yellowing tissue; necrotic: brown dead tissue; powdery: white coating; dark_spot: near-black spots. */
export type LesionType = (typeof LESION_TYPES)[number];

/** A connected lesion on the leaf. */
export interface LesionRegion {
  type: LesionType;
  box: Box;
  /** Area in original image pixels. */
  areaPx: number;
  /** Convex outline in original image pixels, [x, y] corners; the last joins the first. */
  polygon: Array<[number, number]>;
}

/** One measured symptom mapped to a problem of the product's library (see `LESION_PROBLEMS`). */
export interface LeafFinding {
  type: LesionType;
  /** Slug and English name of the problem in the library (packages/server/src/db/migrations/data). */
  problemSlug: string;
  problemName: string;
  /** Share of the leaf area with this symptom, 0..1 (4 decimals). */
  fraction: number;
  /** 0..1 (2 decimals): grows with the affected area and with the colour contrast to the healthy tissue. */
  confidence: number;
  /** The product's scale, 1 (trace) to 5 (severe), from the affected area. */
  severity: 1 | 2 | 3 | 4 | 5;
  /** How many separate lesions of this type. */
  lesions: number;
}

export interface LeafResult {
  /** Leaf area in original image pixels. */
  leafAreaPx: number;
  leafBox: Box;
  /** Share of the leaf with any symptom, 0..1 (4 decimals). */
  affectedFraction: number;
  /** Share of the leaf per symptom, 0..1 (4 decimals). */
  fractions: Record<LesionType, number>;
  /** Symptoms above the reporting threshold, largest first; empty for a healthy leaf. */
  findings: LeafFinding[];
  /** Lesions, largest first (at most `maxRegions`). */
  regions: LesionRegion[];
  /** Severity of the whole leaf (1..5) from `affectedFraction`, or null when healthy. */
  severity: 1 | 2 | 3 | 4 | 5 | null;
}

export const INSECT_SIZE_CLASSES = ['small_fly', 'thrips', 'whitefly'] as const;
/** small_fly: fungus gnat / shore fly sized; thrips: thrips sized; whitefly: whitefly sized (see `SIZE_RULE`). */
export type InsectSizeClass = (typeof INSECT_SIZE_CLASSES)[number];

export interface InsectRegion {
  sizeClass: InsectSizeClass;
  box: Box;
  /** Area in original image pixels. */
  areaPx: number;
  /** Equivalent-circle diameter in millimetres on the card (1 decimal). */
  sizeMm: number;
  /** How many insects this blob was counted as (> 1 when touching insects were split by area). */
  count: number;
}

export interface TrapCount {
  problemSlug: string;
  problemName: string;
  sizeClass: InsectSizeClass;
  count: number;
}

export interface StickyTrapResult {
  cardColor: 'yellow' | 'blue';
  cardBox: Box;
  /** Millimetres per original image pixel, from the card's long side (see `SIZE_RULE`). */
  mmPerPx: number;
  /** Insects counted on the card. */
  total: number;
  /** Count per size class. */
  histogram: Record<InsectSizeClass, number>;
  /** Counts mapped to library problems, largest first; classes with no insect are left out. */
  counts: TrapCount[];
  /** Blobs, largest first (at most `maxRegions`). */
  regions: InsectRegion[];
}

export type AnalysisKind = 'leaf' | 'sticky_trap' | 'unknown';

/**
 * Why the engine is not sure of what it measured. An analysis with any doubt is never filed as "clear": the
 * scan says "Not sure: check by eye" with the reasons and shows where it looked.
 * leaf_outline: the leaf's outline is doubtful (it merges with the background, or several leaves overlap);
 * colour_cast: a strong colour cast (white balance) makes the colours unreliable;
 * blurry: too little sharp detail to see small lesions or insects;
 * too_small: the leaf or card covers too few pixels to measure;
 * mostly_background: the subject covers only a small part of the photo;
 * cut_by_border: the leaf or card runs off the photo, so only what is seen was measured.
 */
export const DOUBT_CODES = ['leaf_outline', 'colour_cast', 'blurry', 'too_small', 'mostly_background', 'cut_by_border'] as const;
export type DoubtCode = (typeof DOUBT_CODES)[number];

interface AnalysisBase {
  engine: EngineInfo;
  /** Original image size. */
  width: number;
  height: number;
  /** Size of the downscaled copy that was measured. */
  analysedWidth: number;
  analysedHeight: number;
  /** Empty when the engine is sure of what it saw; an `unknown` analysis always has at least one. */
  doubts: DoubtCode[];
}

export interface LeafAnalysis extends AnalysisBase {
  kind: 'leaf';
  leaf: LeafResult;
}
export interface StickyTrapAnalysis extends AnalysisBase {
  kind: 'sticky_trap';
  trap: StickyTrapResult;
}
export interface UnknownAnalysis extends AnalysisBase {
  kind: 'unknown';
  /** Always `UNKNOWN_REASON`. */
  reason: string;
}
export type Analysis = LeafAnalysis | StickyTrapAnalysis | UnknownAnalysis;

export interface AnalyseOptions {
  /** Longest side of the copy that is measured (default 1024); larger images are area-averaged down to it. */
  maxSide?: number;
  /** Long side of the sticky card in millimetres (default 250: the common 10 × 25 cm card). */
  cardLongSideMm?: number;
  /** Most regions returned (default 500 for leaves, 2000 for cards). */
  maxRegions?: number;
}
