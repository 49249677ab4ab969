import type { ScanKind, ScanRegion } from '@verdant/contract';
import { ENGINE, type Analysis, type Box, type RgbaImage } from '@verdant/vision';
import { analysisPool } from './analysis-pool.js';
import { ONNX_ENGINE, ORT_VERSION } from './onnx-classifier.js';
import type { ScanModel } from './models.js';

/** Regions kept per detection: enough to draw every lesion or insect of a real photo, bounded for the row. */
export const MAX_REGIONS_PER_DETECTION = 500;
/** A classifier's answer is filed only when its best label is at least this likely. */
export const MIN_CLASSIFIER_CONFIDENCE = 0.5;
/** Classifier labels that name no problem (a healthy plant, an empty frame). */
const NO_PROBLEM_LABELS = new Set(['healthy', 'background', 'none', 'normal', 'ok', 'negative']);

export interface EngineDetection {
  label: string;
  /** What to look the library problem up by (a slug or a name); null when the label names none. */
  problemKey: string | null;
  confidence: number;
  affectedPercent: number | null;
  count: number | null;
  severity: number | null;
  regions: ScanRegion[];
}

export interface ImageResult {
  kind: ScanKind;
  /** Measurements kept with the photo and shown with it. */
  analysis: Record<string, unknown>;
  detections: EngineDetection[];
}

export interface EngineName {
  engine: string;
  engine_version: string;
  model: string;
  model_version: string;
}

export function engineOf(model: ScanModel): EngineName {
  return model.type === 'builtin'
    ? { engine: ENGINE.name, engine_version: ENGINE.version, model: model.name, model_version: ENGINE.version }
    : { engine: ONNX_ENGINE, engine_version: ORT_VERSION, model: model.name, model_version: model.classifier.version };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A box in image pixels as fractions of the image (what the contract's regions are). */
export function toRegion(box: Box, width: number, height: number): ScanRegion {
  const x = clamp01(box.x / width);
  const y = clamp01(box.y / height);
  return { type: 'box', x: round(x, 5), y: round(y, 5), width: round(clamp01(box.width / width), 5), height: round(clamp01(box.height / height), 5) };
}

/** A lesion's convex outline as fractions of the image; its box when it has no outline of three corners. */
export function toOutline(polygon: ReadonlyArray<readonly [number, number]>, box: Box, width: number, height: number): ScanRegion {
  if (polygon.length < 3) return toRegion(box, width, height);
  return { type: 'polygon', points: polygon.map(([x, y]) => [round(clamp01(x / width), 5), round(clamp01(y / height), 5)] as [number, number]) };
}

const WHOLE_PHOTO: ScanRegion = { type: 'box', x: 0, y: 0, width: 1, height: 1 };

/**
 * Severity of a card count on the observation scale (1 trace … 5 severe): 1–5 insects 1, 6–15 2, 16–40 3,
 * 41–100 4, more 5 (docs/decisions.md, "Scans").
 */
export function trapSeverity(count: number): number {
  return count <= 5 ? 1 : count <= 15 ? 2 : count <= 40 ? 3 : count <= 100 ? 4 : 5;
}

function measured(a: Analysis): Record<string, unknown> {
  const base = { engine: a.engine, width: a.width, height: a.height, analysed_width: a.analysedWidth, analysed_height: a.analysedHeight };
  if (a.kind === 'leaf') {
    const l = a.leaf;
    return {
      ...base,
      kind: 'leaf',
      leaf_region: toRegion(l.leafBox, a.width, a.height),
      affected_percent: round(l.affectedFraction * 100, 2),
      percent_by_symptom: Object.fromEntries(Object.entries(l.fractions).map(([k, v]) => [k, round(v * 100, 2)])),
      severity: l.severity,
    };
  }
  if (a.kind === 'sticky_trap') {
    const t = a.trap;
    return {
      ...base,
      kind: 'sticky_trap',
      card_color: t.cardColor,
      card_region: toRegion(t.cardBox, a.width, a.height),
      mm_per_px: t.mmPerPx,
      total: t.total,
      histogram: t.histogram,
    };
  }
  return { ...base, kind: 'unknown', reason: a.reason };
}

function builtinDetections(model: Extract<ScanModel, { type: 'builtin' }>, a: Analysis): EngineDetection[] {
  if (a.kind === 'leaf' && model.leaf.length) {
    return a.leaf.findings
      .filter((f) => model.leaf.includes(f.type))
      .map((f) => ({
        label: f.type,
        problemKey: f.problemSlug,
        confidence: clamp01(f.confidence),
        affectedPercent: round(f.fraction * 100, 2),
        count: null,
        severity: f.severity,
        regions: a.leaf.regions
          .filter((r) => r.type === f.type)
          .slice(0, MAX_REGIONS_PER_DETECTION)
          .map((r) => toOutline(r.polygon, r.box, a.width, a.height)),
      }));
  }
  if (a.kind === 'sticky_trap' && model.trap) {
    return a.trap.counts.map((c) => {
      const blobs = a.trap.regions.filter((r) => r.sizeClass === c.sizeClass);
      // How sure the count is: the share of its insects counted from blobs holding one insect (touching
      // insects are split by area, which may be off by one).
      const single = blobs.filter((b) => b.count === 1).length;
      return {
        label: c.sizeClass,
        problemKey: c.problemSlug,
        confidence: c.count ? round(clamp01(single / c.count), 2) : 0,
        affectedPercent: null,
        count: c.count,
        severity: trapSeverity(c.count),
        regions: blobs.slice(0, MAX_REGIONS_PER_DETECTION).map((r) => toRegion(r.box, a.width, a.height)),
      };
    });
  }
  return [];
}

/**
 * Runs a model on one photo's pixels. The measured analysis always runs (it says whether the photo shows
 * a leaf or a card, and its measurements are kept); a classifier's best label becomes the detection when
 * it names a problem and is at least MIN_CLASSIFIER_CONFIDENCE likely.
 */
export async function runModel(model: ScanModel, img: RgbaImage): Promise<ImageResult> {
  // Off the event loop; the built-in model is done with the pixels after, a classifier still reads them.
  const analysis = await analysisPool().analyse(img, { transfer: model.type === 'builtin' });
  if (model.type === 'builtin') return { kind: analysis.kind, analysis: measured(analysis), detections: builtinDetections(model, analysis) };
  const scores = await model.classifier.run(img);
  const best = scores[0]!;
  const names = !NO_PROBLEM_LABELS.has(best.label.toLowerCase()) && best.probability >= MIN_CLASSIFIER_CONFIDENCE;
  return {
    kind: analysis.kind,
    analysis: { ...measured(analysis), scores: scores.map((s) => ({ label: s.label, probability: round(s.probability, 4) })) },
    detections: names
      ? [{ label: best.label, problemKey: best.label, confidence: round(best.probability, 4), affectedPercent: null, count: null, severity: null, regions: [WHOLE_PHOTO] }]
      : [],
  };
}
