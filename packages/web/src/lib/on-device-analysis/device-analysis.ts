import { BUILTIN_MODEL_FINDINGS, CLIENT_ANALYSIS_MAX_CHARS, type ScanKind, type ScanRegion } from '@verdant/contract';
import { photoFindings, type Analysis, type DoubtCode, type FindingSelection } from '@verdant/vision';
import { classifierProblem, type LabelScore } from '@verdant/vision/classifier';

/**
 * The phone's own answer as it travels in create_scan's `client_analysis` (docs/decisions.md, "Scans in the
 * web app"): made here, in shared code, because Scan now and Video capture both send it through one hook
 * (api/mutations/scans.ts); reading it back and comparing it with the server's is features/scans' own.
 */
export const DEVICE_ANALYSIS_FORMAT = 'verdant-device-analysis/1';

export interface DeviceFinding {
  /** The engine's own label (a leaf symptom, an insect size class or a classifier's label), as the server's detections name it. */
  label: string;
  problem: string;
  confidence: number | null;
  affected_percent: number | null;
  count: number | null;
  severity: number | null;
  regions: ScanRegion[];
}

export interface DevicePhoto {
  kind: ScanKind;
  findings: DeviceFinding[];
  /** Why the engine is not sure of this photo (empty when sure): "Not sure: check by eye". */
  doubts: DoubtCode[];
  /** The leaf or card the engine measured, drawn to show where it looked. */
  looked_at: ScanRegion | null;
  /** The company's classifier's probability per label, most likely first (only when it ran on the phone). */
  scores?: LabelScore[];
}

export interface DeviceAnalysis {
  format: typeof DEVICE_ANALYSIS_FORMAT;
  /** The company's model whose choice of findings the phone applied (empty in answers from before it was sent). */
  ai_model: string;
  engine: string;
  engine_version: string;
  analysed_at: string;
  /** The company's ONNX classifier when the phone ran it (onnxruntime-web), as the server names its own run. */
  classifier?: { name: string; model_version: string; engine: 'onnxruntime-web'; engine_version: string };
  photos: DevicePhoto[];
}

/** What the company's ONNX classifier answered on this phone for a scan's photos (one list per photo). */
export interface ClassifierAnswer {
  name: string;
  version: string;
  runtime: string;
  scores: LabelScore[][];
}

/** A classifier files none of the measured findings (its own label is the finding), as on the server. */
export const CLASSIFIER_SELECTION: FindingSelection = { leaf: [], trap: false };

/**
 * What the phone files from its analysis for the company's model: a built-in model's choice
 * (BUILTIN_MODEL_FINDINGS, the server's own), or null for a model the measured analysis does not stand for.
 */
export function deviceSelection(aiModel: string): FindingSelection | null {
  return Object.hasOwn(BUILTIN_MODEL_FINDINGS, aiModel) ? BUILTIN_MODEL_FINDINGS[aiModel as keyof typeof BUILTIN_MODEL_FINDINGS] : null;
}

export interface DeviceAnalysisOptions {
  analysedAt: Date;
  /** The company's model (its name is kept with the answer). */
  aiModel: string;
  selection: FindingSelection;
  /** The company's classifier's answer on this phone, when it ran. */
  classifier?: ClassifierAnswer;
}

const WHOLE_PHOTO: ScanRegion = { type: 'box', x: 0, y: 0, width: 1, height: 1 };
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A classifier's answer for one photo as the server files it: its best label over the whole photo, when it names a problem. */
function classifierFindings(ranked: LabelScore[]): DeviceFinding[] {
  const best = classifierProblem(ranked);
  if (!best) return [];
  return [{ label: best.label, problem: best.label, confidence: round(best.probability, 4), affected_percent: null, count: null, severity: null, regions: [WHOLE_PHOTO] }];
}

/**
 * The phone's analyses of a scan's photos (one per photo, in order) as they are queued and sent: the
 * findings, doubts and where it looked from @verdant/vision's photoFindings, the server's own function,
 * and the company's classifier's label per photo when it ran here.
 */
export function deviceAnalysisOf(analyses: Analysis[], { analysedAt, aiModel, selection, classifier }: DeviceAnalysisOptions): DeviceAnalysis {
  const engine = analyses[0]?.engine ?? { name: 'verdant-vision', version: '' };
  return {
    format: DEVICE_ANALYSIS_FORMAT,
    ai_model: aiModel,
    engine: engine.name,
    engine_version: engine.version,
    analysed_at: analysedAt.toISOString(),
    ...(classifier ? { classifier: { name: classifier.name, model_version: classifier.version, engine: 'onnxruntime-web' as const, engine_version: classifier.runtime } } : {}),
    photos: analyses.map((a, i) => {
      const photo = photoFindings(a, selection);
      const ranked = classifier?.scores[i];
      return {
        kind: photo.kind,
        doubts: photo.doubts,
        looked_at: photo.lookedAt,
        findings: [
          ...photo.findings.map((f) => ({
            label: f.label, problem: f.problemName, confidence: f.confidence, affected_percent: f.affectedPercent, count: f.count, severity: f.severity, regions: f.regions,
          })),
          ...(ranked ? classifierFindings(ranked) : []),
        ],
        // Six decimals: the parity with the server (4 decimals kept) is checked to 1e-4.
        ...(ranked ? { scores: ranked.map((s) => ({ label: s.label, probability: round(s.probability, 6) })) } : {}),
      };
    }),
  };
}

/**
 * JSON text for `client_analysis`, within the contract's bound: regions are dropped from the largest
 * findings first (the measurements always fit), so a photo with thousands of specks still travels.
 */
export function serialiseDeviceAnalysis(analysis: DeviceAnalysis, maxChars = CLIENT_ANALYSIS_MAX_CHARS): string {
  let text = JSON.stringify(analysis);
  let cap = Math.max(...analysis.photos.flatMap((p) => p.findings.map((f) => f.regions.length)), 0);
  while (text.length > maxChars && cap > 0) {
    cap = Math.floor(cap / 2);
    const trimmed: DeviceAnalysis = {
      ...analysis,
      photos: analysis.photos.map((p) => ({ ...p, findings: p.findings.map((f) => ({ ...f, regions: f.regions.slice(0, cap) })) })),
    };
    text = JSON.stringify(trimmed);
  }
  return text;
}
