import { describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_FINDINGS } from '@verdant/contract';
import { analyseImage, photoFindings } from '@verdant/vision';
import { makeCardImage, makeLeafImage, makeSkyImage } from '@verdant/vision/testing';
import { runModel, scanStatusOf } from './engine.js';
import { BUILTIN_MODELS } from './models.js';

const leaf = makeLeafImage({ seed: 1, lesions: { necrotic: 0.06, chlorotic: 0.05 } }).image;
const copy = (img: typeof leaf) => ({ ...img, data: new Uint8Array(img.data) });

describe('runModel (built-in models)', () => {
  it('files the findings of @verdant/vision’s one function: shares to 0.1 %, lesion outlines as polygons', async () => {
    const result = await runModel(BUILTIN_MODELS.plantDiseaseRecognition, copy(leaf));
    const expected = photoFindings(analyseImage(leaf));
    expect(result.kind).toBe('leaf');
    expect(result.detections).toEqual(
      expected.findings.map((f) => ({
        label: f.label, problemKey: f.problemSlug, confidence: f.confidence, affectedPercent: f.affectedPercent, count: f.count, severity: f.severity, regions: f.regions,
      })),
    );
    expect(result.detections.every((d) => d.regions.every((r) => r.type === 'polygon'))).toBe(true);
    expect(result.analysis).toMatchObject({ affected_percent: expected.affectedPercent, doubts: expected.doubts, looked_at: expected.lookedAt, leaf_region: expected.lookedAt });
  });

  it('honours the model’s choice: a pest-only model files no leaf finding, the yellowing model only yellowing', async () => {
    expect((await runModel(BUILTIN_MODELS.pestDetection, copy(leaf))).detections).toEqual([]);
    expect((await runModel(BUILTIN_MODELS.nutrientDeficiency, copy(leaf))).detections.map((d) => d.label)).toEqual(['chlorotic']);
    const card = makeCardImage({ insects: 40, seed: 2 }).image;
    expect((await runModel(BUILTIN_MODELS.nutrientDeficiency, copy(card))).detections).toEqual([]);
    expect((await runModel(BUILTIN_MODELS.stickyTrapCounter, copy(card))).detections.length).toBeGreaterThan(0);
  });

  it('runs each built-in model with the contract’s selection, the one the phone uses', () => {
    for (const [name, model] of Object.entries(BUILTIN_MODELS)) {
      expect({ leaf: model.leaf, trap: model.trap }).toEqual(BUILTIN_MODEL_FINDINGS[name as keyof typeof BUILTIN_MODEL_FINDINGS]);
    }
  });

  it('keeps the doubts of a photo it is not sure of', async () => {
    const sky = await runModel(BUILTIN_MODELS.plantDiseaseRecognition, makeSkyImage());
    expect(sky.kind).toBe('unknown');
    expect(sky.doubts.length).toBeGreaterThan(0);
    expect(sky.analysis.doubts).toEqual(sky.doubts);
  });
});

describe('scanStatusOf', () => {
  const found = { detections: [{ label: 'x', problemKey: null, confidence: 1, affectedPercent: null, count: null, severity: null, regions: [] }] };
  it('is needs_review with a detection, uncertain with a doubt and none, clear only when sure of nothing', () => {
    expect(scanStatusOf([{ ...found, doubts: ['blurry'] }])).toBe('needs_review');
    expect(scanStatusOf([{ detections: [], doubts: [] }, { detections: [], doubts: ['leaf_outline'] }])).toBe('uncertain');
    expect(scanStatusOf([{ detections: [], doubts: [] }])).toBe('clear');
  });
});
