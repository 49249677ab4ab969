import { SCAN_KINDS, type ScanDetails, type ScanDetection, type ScanKind, type ScanRegion } from '@verdant/contract';
import { DOUBT_CODES, type DoubtCode } from '@verdant/vision';
import type { LabelScore } from '@verdant/vision/classifier';
import { DEVICE_ANALYSIS_FORMAT, type DeviceAnalysis, type DeviceFinding, type DevicePhoto } from '../../../lib/on-device-analysis/device-analysis';

// The phone's answer is made in shared code (Scan now and Video capture send it through one hook); this
// file reads it back, draws it and compares it with the server's.
export {
  CLASSIFIER_SELECTION, DEVICE_ANALYSIS_FORMAT, deviceAnalysisOf, deviceSelection, serialiseDeviceAnalysis,
  type ClassifierAnswer, type DeviceAnalysis, type DeviceAnalysisOptions, type DeviceFinding, type DevicePhoto,
} from '../../../lib/on-device-analysis/device-analysis';

/** What to draw over a photo: the leaf or card the phone measured (`looked`), then its findings' regions. */
export function deviceRegions(photo: DevicePhoto): Array<{ key: string; region: ScanRegion; looked?: boolean }> {
  return [
    ...(photo.looked_at ? [{ key: 'looked', region: photo.looked_at, looked: true }] : []),
    ...photo.findings.flatMap((f) => f.regions.map((region, i) => ({ key: `${f.label}-${i}`, region }))),
  ];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A stored classifier's labels with their probabilities (entries that are not one left out). */
function scoresOf(v: unknown): LabelScore[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(isObject).flatMap((s) => (typeof s.label === 'string' && typeof s.probability === 'number' ? [{ label: s.label, probability: s.probability }] : []));
}

function classifierOf(v: unknown): DeviceAnalysis['classifier'] {
  if (!isObject(v) || typeof v.name !== 'string') return undefined;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return { name: v.name, model_version: text(v.model_version), engine: 'onnxruntime-web', engine_version: text(v.engine_version) };
}

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
    ...(classifierOf(v.classifier) ? { classifier: classifierOf(v.classifier) } : {}),
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
      ...(scoresOf(p.scores) ? { scores: scoresOf(p.scores) } : {}),
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
