import type { ScanRegion } from '@verdant/contract';
import type { Analysis, Box } from '@verdant/vision';

/** One thing the phone's own analysis found, in the shape the screens draw (regions in fractions). */
export interface LocalFinding {
  key: string;
  label: string;
  problem: string;
  confidence: number | null;
  affectedPercent: number | null;
  count: number | null;
  regions: ScanRegion[];
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

function boxOf(b: Box, w: number, h: number): ScanRegion {
  return { type: 'box', x: clamp(b.x / w), y: clamp(b.y / h), width: clamp(b.width / w), height: clamp(b.height / h) };
}

/** The findings of an analysis: leaf lesions by type, or insects on a card by size class. */
export function localFindings(a: Analysis): LocalFinding[] {
  if (a.kind === 'leaf') {
    return a.leaf.findings.map((f) => ({
      key: f.type,
      label: f.type,
      problem: f.problemName,
      confidence: f.confidence,
      affectedPercent: Math.round(f.fraction * 1000) / 10,
      count: null,
      regions: a.leaf.regions.filter((r) => r.type === f.type).map((r) => boxOf(r.box, a.width, a.height)),
    }));
  }
  if (a.kind === 'sticky_trap') {
    return a.trap.counts.map((c) => ({
      key: c.sizeClass,
      label: c.sizeClass,
      problem: c.problemName,
      confidence: null,
      affectedPercent: null,
      count: c.count,
      regions: a.trap.regions.filter((r) => r.sizeClass === c.sizeClass).map((r) => boxOf(r.box, a.width, a.height)),
    }));
  }
  return [];
}
