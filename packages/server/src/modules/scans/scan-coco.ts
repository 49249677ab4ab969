import path from 'node:path';
import { ScanRegion } from '@verdant/contract';
import { z } from 'zod';
import { iso, isoOrNull } from '../../lib/iso.js';
import type { ProblemRow, ReviewedRow } from './scan-export.repository.js';

/** Regions are stored in the contract's shape; read back through the same schema (as scans.mapper.ts does). */
const Regions = z.array(ScanRegion).catch([]);
const r2 = (v: number) => Math.round(v * 100) / 100;

interface Shape {
  bbox: [number, number, number, number];
  segmentation: number[][];
  area: number;
}

/** A region (fractions of the photo) in the photo's pixels: COCO's bbox [x, y, w, h], polygon and its area. */
export function toPixels(region: ScanRegion, width: number, height: number): Shape {
  const points: Array<[number, number]> =
    region.type === 'box'
      ? [[region.x, region.y], [region.x + region.width, region.y], [region.x + region.width, region.y + region.height], [region.x, region.y + region.height]]
      : region.points;
  const px = points.map(([x, y]): [number, number] => [r2(Math.min(Math.max(x, 0), 1) * width), r2(Math.min(Math.max(y, 0), 1) * height)]);
  const xs = px.map((p) => p[0]);
  const ys = px.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  // Shoelace: the polygon's own area (a box's is its width × height).
  const twice = px.reduce((s, [x, y], i) => {
    const [nx, ny] = px[(i + 1) % px.length]!;
    return s + x * ny - nx * y;
  }, 0);
  return { bbox: [x0, y0, r2(Math.max(...xs) - x0), r2(Math.max(...ys) - y0)], segmentation: [px.flat()], area: r2(Math.abs(twice) / 2) };
}

export interface CocoImage {
  id: number;
  file_name: string;
  width: number;
  height: number;
  date_captured: string;
  verdant: object;
}

/** Where a photo is in the zip. */
const imageFileName = (row: Pick<ReviewedRow, 'scan_image_id' | 'image_key'>) => `images/${row.scan_image_id}${path.extname(row.image_key) || '.webp'}`;

/**
 * The labelled examples as COCO (docs/decisions.md, "Scan corrections (issue 18)"): one annotation per region
 * the reviewer settled on (the engine's when the reviewer kept them), categorised by the reviewer's problem
 * (the engine's for a rejection, flagged so), with the engine's and the reviewer's answers under `verdant`.
 * A detection with no region or no problem on either side has nothing to draw and is left out.
 */
export function toCoco(companyId: number, rows: ReviewedRow[], problems: ProblemRow[], at: Date) {
  const known = new Set(problems.map((p) => p.problem_id));
  const images = new Map<number, CocoImage>();
  const annotations: object[] = [];
  for (const row of rows) {
    const engineCategory = row.problem_id !== null && known.has(row.problem_id) ? row.problem_id : null;
    const reviewerCategory = row.review === 'rejected' ? null : row.corrected_problem_id !== null && known.has(row.corrected_problem_id) ? row.corrected_problem_id : engineCategory;
    const category = reviewerCategory ?? engineCategory;
    const engineRegions = Regions.parse(row.regions);
    const reviewerRegions = row.reviewed_regions === null ? null : Regions.parse(row.reviewed_regions);
    const regions = reviewerRegions ?? engineRegions;
    if (category === null || regions.length === 0) continue;
    images.set(row.scan_image_id, {
      id: row.scan_image_id, file_name: imageFileName(row), width: row.width, height: row.height, date_captured: iso(row.captured_at),
      verdant: { scan_id: row.scan_id, kind: row.kind, model: row.model, model_version: row.model_version, engine: row.engine },
    });
    const verdant = {
      detection_id: row.detection_id, review: row.review, origin: row.origin, regions_from: reviewerRegions ? 'reviewer' : 'engine',
      reviewer: {
        category_id: reviewerCategory, rejected: row.review === 'rejected', count: row.review === 'rejected' ? null : (row.reviewed_count ?? (row.origin === 'engine' ? row.count : null)),
        affected_percent: row.review === 'rejected' ? null : (row.reviewed_affected_percent ?? (row.origin === 'engine' ? row.affected_percent : null)),
        reviewed_by: row.reviewed_by, reviewed_at: isoOrNull(row.reviewed_at),
      },
      engine: {
        label: row.label, category_id: engineCategory, confidence: row.confidence, count: row.count, affected_percent: row.affected_percent,
        severity: row.severity, regions: engineRegions.map((r) => toPixels(r, row.width, row.height)),
      },
    };
    for (const region of regions) {
      annotations.push({ id: annotations.length + 1, image_id: row.scan_image_id, category_id: category, iscrowd: 0, ...toPixels(region, row.width, row.height), verdant });
    }
  }
  return {
    info: { description: 'Verdant labelled scan examples', version: 'verdant-coco/1', date_created: iso(at), company_id: companyId },
    licenses: [],
    images: [...images.values()],
    annotations,
    categories: problems.map((p) => ({ id: p.problem_id, name: p.name, supercategory: p.category, slug: p.slug })),
  };
}
