import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLeafImage } from '@verdant/vision/testing';
import { tinyColourClassifier } from '../../test/fixtures/tiny-onnx.js';
import { describeModel, findModel, offeredModels } from './models.js';
import { runModel } from './engine.js';
import { parseLabels } from './onnx-classifier.js';

const solid = (r: number, g: number, b: number, width = 40, height = 30) => {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return { data, width, height };
};

const warnings: object[] = [];
const log = { warn: (obj: object) => void warnings.push(obj) };
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-models-'));
  await fs.writeFile(path.join(dir, 'colours.onnx'), tinyColourClassifier(32));
  await fs.writeFile(path.join(dir, 'colours.labels.txt'), '# white, yellow, green\npowdery-mildew\nnitrogen-deficiency\nhealthy\n');
  // Four labels for a three-score model: refused, listed nowhere.
  await fs.writeFile(path.join(dir, 'mismatch.onnx'), tinyColourClassifier(8));
  await fs.writeFile(path.join(dir, 'mismatch.labels.txt'), 'a\nb\nc\nd\n');
  // No labels file: not a model.
  await fs.writeFile(path.join(dir, 'unlabelled.onnx'), tinyColourClassifier(8));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('ONNX classifiers in AI_MODEL_DIR', () => {
  it('offers the built-in models and each complete, loadable classifier', async () => {
    const models = (await offeredModels(dir, log)).map(describeModel);
    expect(models.map((m) => m.name)).toEqual(['plantDiseaseRecognition', 'pestDetection', 'stickyTrapCounter', 'nutrientDeficiency', 'colours']);
    const onnx = models.find((m) => m.name === 'colours')!;
    expect(onnx).toMatchObject({ type: 'onnx', engine: 'onnxruntime', labels: ['powdery-mildew', 'nitrogen-deficiency', 'healthy'], analyses: ['classifier'] });
    expect(onnx.model_version).toMatch(/^[0-9a-f]{12}$/);
    expect(warnings.some((w) => (w as { model?: string }).model === 'mismatch')).toBe(true);
    expect(await findModel(dir, log, 'unlabelled')).toBeUndefined();
  });

  it('gives the label the colours drive, with its probability, and files nothing for a healthy answer', async () => {
    const model = (await findModel(dir, log, 'colours'))!;
    const white = await runModel(model, solid(250, 250, 250));
    expect(white.detections).toHaveLength(1);
    expect(white.detections[0]).toMatchObject({ label: 'powdery-mildew', problemKey: 'powdery-mildew', regions: [{ type: 'box', x: 0, y: 0, width: 1, height: 1 }] });
    expect(white.detections[0]!.confidence).toBeGreaterThan(0.99);
    const yellow = await runModel(model, solid(230, 220, 20));
    expect(yellow.detections.map((d) => d.label)).toEqual(['nitrogen-deficiency']);
    const green = await runModel(model, solid(30, 200, 40));
    expect(green.detections).toEqual([]);
    expect((green.analysis.scores as Array<{ label: string }>)[0]!.label).toBe('healthy');
  });

  it('reads a leaf photo: the measured analysis says it is a leaf, the classifier gives the label', async () => {
    const model = (await findModel(dir, log, 'colours'))!;
    const leaf = makeLeafImage({ width: 320, height: 240, seed: 3 });
    const result = await runModel(model, leaf.image);
    expect(result.kind).toBe('leaf');
    expect(result.analysis.scores).toHaveLength(3);
  });

  it('parses labels one a line, skipping blanks and comments', () => {
    expect(parseLabels('# header\r\nrust\n\n  thrips  \n')).toEqual(['rust', 'thrips']);
  });
});
