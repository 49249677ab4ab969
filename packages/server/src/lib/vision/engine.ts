import type { ScanKind, ScanRegion, ScanStatus } from '@verdant/contract';
import { ENGINE, photoFindings, toAffectedPercent, type Analysis, type DoubtCode, type Finding, type FindingSelection, type PhotoFindings, type RgbaImage } from '@verdant/vision';
import { classifierProblem } from '@verdant/vision/classifier';
import { analysisPool } from './analysis-pool.js';
import { ONNX_ENGINE, ORT_VERSION } from './onnx-classifier.js';
import type { ScanModel } from './models.js';

/** A classifier files none of the measured findings (its own label is the detection). */
const NO_FINDINGS: FindingSelection = { leaf: [], trap: false };

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
  /** Why the engine is not sure of this photo (empty when sure); also in `analysis.doubts`. */
  doubts: DoubtCode[];
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

const WHOLE_PHOTO: ScanRegion = { type: 'box', x: 0, y: 0, width: 1, height: 1 };

/**
 * What is kept with the photo and shown with it: the measurements, what the engine doubts and the leaf or
 * card it measured, rounded as the findings are (@verdant/vision's photoFindings, the phone's too).
 */
function measured(a: Analysis, photo: PhotoFindings): Record<string, unknown> {
  const base = {
    engine: a.engine, width: a.width, height: a.height, analysed_width: a.analysedWidth, analysed_height: a.analysedHeight,
    doubts: photo.doubts, looked_at: photo.lookedAt,
  };
  if (a.kind === 'leaf') {
    const l = a.leaf;
    return {
      ...base,
      kind: 'leaf',
      leaf_region: photo.lookedAt,
      affected_percent: photo.affectedPercent,
      percent_by_symptom: Object.fromEntries(Object.entries(l.fractions).map(([k, v]) => [k, toAffectedPercent(v)])),
      severity: l.severity,
    };
  }
  if (a.kind === 'sticky_trap') {
    const t = a.trap;
    return {
      ...base,
      kind: 'sticky_trap',
      card_color: t.cardColor,
      card_region: photo.lookedAt,
      mm_per_px: t.mmPerPx,
      total: t.total,
      histogram: t.histogram,
    };
  }
  return { ...base, kind: 'unknown', reason: a.reason };
}

const detectionOf = (f: Finding): EngineDetection => ({
  label: f.label, problemKey: f.problemSlug, confidence: f.confidence, affectedPercent: f.affectedPercent, count: f.count, severity: f.severity, regions: f.regions,
});

/**
 * A scan's status from its photos: `needs_review` when anything was detected, else `uncertain` when the
 * engine doubted a photo ("Not sure: check by eye"), else `clear` — never a clear it is not sure of.
 */
export function scanStatusOf(results: ReadonlyArray<Pick<ImageResult, 'detections' | 'doubts'>>): ScanStatus {
  if (results.some((r) => r.detections.length > 0)) return 'needs_review';
  return results.some((r) => r.doubts.length > 0) ? 'uncertain' : 'clear';
}

/**
 * Runs a model on one photo's pixels. The measured analysis always runs (it says whether the photo shows
 * a leaf or a card, and its measurements are kept); a classifier's best label becomes the detection when
 * it names a problem and is likely enough (@verdant/vision/classifier's classifierProblem, the phone's rule too).
 */
export async function runModel(model: ScanModel, img: RgbaImage): Promise<ImageResult> {
  // Off the event loop; the built-in model is done with the pixels after, a classifier still reads them.
  const analysis = await analysisPool().analyse(img, { transfer: model.type === 'builtin' });
  // A built-in model files what it selects; a classifier files none of the measured findings.
  const photo = photoFindings(analysis, model.type === 'builtin' ? model : NO_FINDINGS);
  const base = { kind: analysis.kind, doubts: photo.doubts };
  if (model.type === 'builtin') return { ...base, analysis: measured(analysis, photo), detections: photo.findings.map(detectionOf) };
  const scores = await model.classifier.run(img);
  const best = classifierProblem(scores);
  return {
    ...base,
    analysis: { ...measured(analysis, photo), scores: scores.map((s) => ({ label: s.label, probability: round(s.probability, 4) })) },
    detections: best
      ? [{ label: best.label, problemKey: best.label, confidence: round(best.probability, 4), affectedPercent: null, count: null, severity: null, regions: [WHOLE_PHOTO] }]
      : [],
  };
}
