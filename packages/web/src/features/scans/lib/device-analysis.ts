import { BUILTIN_MODEL_FINDINGS, CLIENT_ANALYSIS_MAX_CHARS, SCAN_KINDS, type ScanDetails, type ScanDetection, type ScanKind, type ScanRegion } from '@verdant/contract';
import { DOUBT_CODES, photoFindings, type Analysis, type DoubtCode, type FindingSelection } from '@verdant/vision';

/** The shape of the phone's own answer as it travels in create_scan's `client_analysis` (docs/decisions.md, "Scans in the web app"). */
export const DEVICE_ANALYSIS_FORMAT = 'verdant-device-analysis/1';

export interface DeviceFinding {
  /** The engine's own label (a leaf symptom or an insect size class), as the server's detections name it. */
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
}

export interface DeviceAnalysis {
  format: typeof DEVICE_ANALYSIS_FORMAT;
  /** The company's model whose choice of findings the phone applied (empty in answers from before it was sent). */
  ai_model: string;
  engine: string;
  engine_version: string;
  analysed_at: string;
  photos: DevicePhoto[];
}

/**
 * What the phone files from its analysis for the company's model: a built-in model's choice
 * (BUILTIN_MODEL_FINDINGS, the server's own), or null for a model the phone cannot run itself.
 */
export function deviceSelection(aiModel: string): FindingSelection | null {
  return Object.hasOwn(BUILTIN_MODEL_FINDINGS, aiModel) ? BUILTIN_MODEL_FINDINGS[aiModel as keyof typeof BUILTIN_MODEL_FINDINGS] : null;
}

export interface DeviceAnalysisOptions {
  analysedAt: Date;
  /** The company's model (its name is kept with the answer). */
  aiModel: string;
  selection: FindingSelection;
}

/**
 * The phone's analyses of a scan's photos (one per photo, in order) as they are queued and sent: the
 * findings, doubts and where it looked from @verdant/vision's photoFindings, the server's own function.
 */
export function deviceAnalysisOf(analyses: Analysis[], { analysedAt, aiModel, selection }: DeviceAnalysisOptions): DeviceAnalysis {
  const engine = analyses[0]?.engine ?? { name: 'verdant-vision', version: '' };
  return {
    format: DEVICE_ANALYSIS_FORMAT,
    ai_model: aiModel,
    engine: engine.name,
    engine_version: engine.version,
    analysed_at: analysedAt.toISOString(),
    photos: analyses.map((a) => {
      const photo = photoFindings(a, selection);
      return {
        kind: photo.kind,
        doubts: photo.doubts,
        looked_at: photo.lookedAt,
        findings: photo.findings.map((f) => ({
          label: f.label, problem: f.problemName, confidence: f.confidence, affected_percent: f.affectedPercent, count: f.count, severity: f.severity, regions: f.regions,
        })),
      };
    }),
  };
}

/** What to draw over a photo: the leaf or card the phone measured (`looked`), then its findings' regions. */
export function deviceRegions(photo: DevicePhoto): Array<{ key: string; region: ScanRegion; looked?: boolean }> {
  return [
    ...(photo.looked_at ? [{ key: 'looked', region: photo.looked_at, looked: true }] : []),
    ...photo.findings.flatMap((f) => f.regions.map((region, i) => ({ key: `${f.label}-${i}`, region }))),
  ];
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A stored region (a box or a polygon), or null. */
export function parseRegion(v: unknown): ScanRegion | null {
  if (!isObject(v)) return null;
  if (v.type === 'box' && [v.x, v.y, v.width, v.height].every((n) => typeof n === 'number')) {
    return { type: 'box', x: v.x as number, y: v.y as number, width: v.width as number, height: v.height as number };
  }
  if (v.type === 'polygon' && Array.isArray(v.points)) {
    const points = v.points.filter((p): p is [number, number] => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number'));
    return { type: 'polygon', points };
  }
  return null;
}

/** The doubt codes of a stored answer (unknown ones left out). */
export function doubtsOf(v: unknown): DoubtCode[] {
  return Array.isArray(v) ? DOUBT_CODES.filter((c) => v.includes(c)) : [];
}

/** Reads a stored `client_analysis` back; null when it is not the phone's answer in this format. */
export function parseDeviceAnalysis(value: unknown): DeviceAnalysis | null {
  const v = typeof value === 'string' ? safeParse(value) : value;
  if (!isObject(v) || v.format !== DEVICE_ANALYSIS_FORMAT || !Array.isArray(v.photos)) return null;
  return {
    format: DEVICE_ANALYSIS_FORMAT,
    ai_model: typeof v.ai_model === 'string' ? v.ai_model : '',
    engine: typeof v.engine === 'string' ? v.engine : '',
    engine_version: typeof v.engine_version === 'string' ? v.engine_version : '',
    analysed_at: typeof v.analysed_at === 'string' ? v.analysed_at : '',
    photos: v.photos.filter(isObject).map((p) => ({
      kind: (SCAN_KINDS as readonly unknown[]).includes(p.kind) ? (p.kind as ScanKind) : 'unknown',
      doubts: doubtsOf(p.doubts),
      looked_at: parseRegion(p.looked_at),
      findings: (Array.isArray(p.findings) ? p.findings : []).filter(isObject).map((f) => ({
        label: String(f.label ?? ''),
        problem: String(f.problem ?? f.label ?? ''),
        confidence: numOrNull(f.confidence),
        affected_percent: numOrNull(f.affected_percent),
        count: numOrNull(f.count),
        severity: numOrNull(f.severity),
        regions: (Array.isArray(f.regions) ? f.regions : []).map(parseRegion).filter((r): r is ScanRegion => r !== null),
      })),
    })),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Two measurements of the same photo with the same library differ when the share moves this much (percentage points). */
export const AFFECTED_TOLERANCE = 0.5;

export interface PhotoComparison {
  position: number;
  scanImageId: number | null;
  imageUrl: string | null;
  device: DevicePhoto | null;
  server: ScanDetection[];
  differs: boolean;
}

function sameFindings(device: DeviceFinding[], server: ScanDetection[]): boolean {
  if (device.length !== server.length) return false;
  const byLabel = new Map(server.map((d) => [d.label, d]));
  return device.every((f) => {
    const s = byLabel.get(f.label);
    if (!s) return false;
    if ((f.count ?? null) !== (s.count ?? null)) return false;
    if (f.affected_percent === null || s.affected_percent === null) return f.affected_percent === s.affected_percent;
    return Math.abs(f.affected_percent - s.affected_percent) <= AFFECTED_TOLERANCE;
  });
}

/**
 * The phone's answer beside the server's, photo by photo: they differ when a photo's kind, its
 * findings (by the engine's label), an insect count or an affected share (beyond AFFECTED_TOLERANCE) differ.
 */
export function compareWithServer(device: DeviceAnalysis, scan: ScanDetails): { differs: boolean; photos: PhotoComparison[] } {
  const count = Math.max(device.photos.length, scan.images.length);
  const photos: PhotoComparison[] = [];
  for (let position = 0; position < count; position++) {
    const image = scan.images.find((i) => i.position === position) ?? null;
    const mine = device.photos[position] ?? null;
    const server = image ? scan.detections.filter((d) => d.scan_image_id === image.scan_image_id) : [];
    const differs = !mine || !image || mine.kind !== image.kind || !sameFindings(mine.findings, server);
    photos.push({ position, scanImageId: image?.scan_image_id ?? null, imageUrl: image?.image_url ?? null, device: mine, server, differs });
  }
  return { differs: photos.some((p) => p.differs), photos };
}
