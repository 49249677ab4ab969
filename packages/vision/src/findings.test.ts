import { describe, expect, it } from 'vitest';
import { analyseImage } from './analyse.js';
import { ALL_FINDINGS, boxRegion, findingsOf, outlineRegion, photoFindings, toAffectedPercent, trapSeverity } from './findings.js';
import { makeCardImage, makeLeafImage, makeSkyImage } from './testing/index.js';

const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

describe('findingsOf', () => {
  const leaf = analyseImage(makeLeafImage({ seed: 1, lesions: { necrotic: 0.06, powdery: 0.04 } }).image);

  it('turns a leaf analysis into findings: one rounding of the share (0.1 %), outlines in image fractions', () => {
    if (leaf.kind !== 'leaf') throw new Error('expected a leaf');
    const findings = findingsOf(leaf);
    expect(findings.map((f) => f.label).sort()).toEqual(['necrotic', 'powdery']);
    for (const f of findings) {
      const measured = leaf.leaf.findings.find((m) => m.type === f.label)!;
      expect(f).toMatchObject({ problemSlug: measured.problemSlug, problemName: measured.problemName, severity: measured.severity, count: null });
      expect(f.affectedPercent).toBe(Math.round(measured.fraction * 1000) / 10);
      expect(decimals(f.affectedPercent!)).toBeLessThanOrEqual(1);
      expect(decimals(f.confidence)).toBeLessThanOrEqual(2);
      expect(f.regions.length).toBeGreaterThan(0);
      for (const r of f.regions) {
        expect(r.type).toBe('polygon');
        if (r.type !== 'polygon') continue;
        for (const [x, y] of r.points) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(1);
          expect(decimals(x)).toBeLessThanOrEqual(4);
        }
      }
    }
  });

  it('files only the symptoms the model selects, and no card count unless asked', () => {
    expect(findingsOf(leaf, { leaf: ['powdery'], trap: true }).map((f) => f.label)).toEqual(['powdery']);
    expect(findingsOf(leaf, { leaf: [], trap: true })).toEqual([]);
    const card = analyseImage(makeCardImage({ insects: 120, seed: 3 }).image);
    expect(card.kind).toBe('sticky_trap');
    expect(findingsOf(card, { leaf: ['powdery'], trap: false })).toEqual([]);
  });

  it('turns a card into one finding per size class: counts adding up, boxes, severity from the count', () => {
    const card = analyseImage(makeCardImage({ insects: 120, seed: 3 }).image);
    if (card.kind !== 'sticky_trap') throw new Error('expected a card');
    const findings = findingsOf(card, ALL_FINDINGS);
    expect(findings.reduce((n, f) => n + f.count!, 0)).toBe(card.trap.total);
    for (const f of findings) {
      expect(f.severity).toBe(trapSeverity(f.count!));
      expect(f.affectedPercent).toBeNull();
      expect(f.confidence).toBeGreaterThanOrEqual(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
      expect(f.regions.every((r) => r.type === 'box')).toBe(true);
    }
  });

  it('keeps at most maxRegions regions per finding', () => {
    const card = analyseImage(makeCardImage({ insects: 120, seed: 3 }).image);
    expect(findingsOf(card, ALL_FINDINGS, 3).every((f) => f.regions.length <= 3)).toBe(true);
  });
});

describe('photoFindings', () => {
  it('says what the engine doubted and where it looked; an unknown photo finds nothing and is never sure', () => {
    const sky = photoFindings(analyseImage(makeSkyImage()));
    expect(sky).toMatchObject({ kind: 'unknown', findings: [], lookedAt: null, affectedPercent: null, total: null });
    expect(sky.doubts.length).toBeGreaterThan(0);

    const a = analyseImage(makeLeafImage({ seed: 2, lesions: { necrotic: 0.05 } }).image);
    if (a.kind !== 'leaf') throw new Error('expected a leaf');
    const leaf = photoFindings(a);
    expect(leaf.lookedAt).toEqual(boxRegion(a.leaf.leafBox, a.width, a.height));
    expect(leaf.affectedPercent).toBe(toAffectedPercent(a.leaf.affectedFraction));
    expect(leaf.doubts).toEqual(a.doubts);
  });
});

describe('regions', () => {
  it('clamps to the photo and falls back to the box when an outline has fewer than three corners', () => {
    expect(boxRegion({ x: -5, y: 10, width: 200, height: 50 }, 100, 100)).toEqual({ type: 'box', x: 0, y: 0.1, width: 1, height: 0.5 });
    expect(outlineRegion([[1, 1], [2, 2]], { x: 1, y: 1, width: 1, height: 1 }, 3, 3)).toEqual({ type: 'box', x: 0.3333, y: 0.3333, width: 0.3333, height: 0.3333 });
    expect(outlineRegion([[0, 0], [3, 0], [3, 3]], { x: 0, y: 0, width: 3, height: 3 }, 3, 3)).toEqual({ type: 'polygon', points: [[0, 0], [1, 0], [1, 1]] });
  });

  it('rounds a share once, to 0.1 %', () => {
    expect(toAffectedPercent(0.12345)).toBe(12.3);
    expect(toAffectedPercent(0.00049)).toBe(0);
    expect(trapSeverity(5)).toBe(1);
    expect(trapSeverity(101)).toBe(5);
  });
});
