import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-node';
import type { RgbaImage } from '@verdant/vision';
import { toChwFloat } from './pixels.js';

const require = createRequire(import.meta.url);
/** The runtime's own version, named in every answer it gives. */
export const ORT_VERSION: string = (require('onnxruntime-node/package.json') as { version: string }).version;
export const ONNX_ENGINE = 'onnxruntime';

/** Input size when the model leaves it open (a dynamic height or width). */
const DEFAULT_INPUT_SIDE = 224;

/** Optional `<name>.json` beside a model: how its input is normalised and what it is for. */
export interface ClassifierMeta {
  mean?: number[];
  std?: number[];
  description?: string;
}

export interface OnnxFiles {
  name: string;
  modelPath: string;
  labelsPath: string;
  metaPath: string;
}

export interface Classifier {
  name: string;
  /** First 12 hex digits of the model file's SHA-256. */
  version: string;
  labels: string[];
  description: string;
  run(img: RgbaImage): Promise<Array<{ label: string; probability: number }>>;
}

export class ClassifierError extends Error {}

/** One label a line; blank lines and `#` comments are skipped. */
export function parseLabels(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

async function readMeta(metaPath: string): Promise<ClassifierMeta> {
  let text: string;
  try {
    text = await fs.readFile(metaPath, 'utf8');
  } catch {
    return {};
  }
  const meta = JSON.parse(text) as unknown;
  if (!meta || typeof meta !== 'object') throw new ClassifierError(`${metaPath} must hold a JSON object`);
  const m = meta as Record<string, unknown>;
  const triple = (v: unknown) => (Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (v as number[]) : undefined);
  return {
    mean: triple(m.mean),
    std: triple(m.std)?.every((n) => n > 0) ? triple(m.std) : undefined,
    description: typeof m.description === 'string' ? m.description.slice(0, 500) : undefined,
  };
}

const softmaxIfNeeded = (values: Float32Array): number[] => {
  const list = [...values];
  const sum = list.reduce((a, b) => a + b, 0);
  if (list.every((v) => v >= 0 && v <= 1) && Math.abs(sum - 1) < 1e-3) return list;
  const max = Math.max(...list);
  const exps = list.map((v) => Math.exp(v - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
};

/**
 * Opens a classifier: an image in, one score per label out. The input is the model's first, a float
 * tensor [1, 3, H, W] (H and W from the model, 224 when open), RGB in 0 … 1 then `(v - mean) / std` from
 * the optional `<name>.json`; the output is the first, [1, labels] (softmax applied unless it already sums
 * to 1). A model whose output does not have one score per label is refused.
 */
export async function loadClassifier(files: OnnxFiles): Promise<Classifier> {
  const [bytes, labelsText, meta] = await Promise.all([fs.readFile(files.modelPath), fs.readFile(files.labelsPath, 'utf8'), readMeta(files.metaPath)]);
  const labels = parseLabels(labelsText);
  if (labels.length < 2) throw new ClassifierError(`${files.labelsPath} must list at least two labels`);
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['cpu'], graphOptimizationLevel: 'all' });
  const input = session.inputMetadata[0];
  const output = session.outputMetadata[0];
  if (!input?.isTensor || !output?.isTensor || input.type !== 'float32') {
    throw new ClassifierError(`${files.modelPath}: the first input must be a float32 tensor [1, 3, H, W]`);
  }
  const dim = (v: number | string | undefined) => (typeof v === 'number' && v > 0 ? v : DEFAULT_INPUT_SIDE);
  if (input.shape.length !== 4 || (typeof input.shape[1] === 'number' && input.shape[1] !== 3)) {
    throw new ClassifierError(`${files.modelPath}: the first input must be [1, 3, H, W]`);
  }
  const height = dim(input.shape[2]);
  const width = dim(input.shape[3]);
  const outCount = output.shape[output.shape.length - 1];
  if (typeof outCount === 'number' && outCount !== labels.length) {
    throw new ClassifierError(`${files.modelPath} gives ${outCount} scores but ${files.labelsPath} lists ${labels.length} labels`);
  }
  const mean = meta.mean ?? [0, 0, 0];
  const std = meta.std ?? [1, 1, 1];
  return {
    name: files.name,
    version: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
    labels,
    description: meta.description ?? `ONNX image classifier over ${labels.length} labels (${files.name}.onnx).`,
    async run(img) {
      const tensor = new ort.Tensor('float32', toChwFloat(img, width, height, mean, std), [1, 3, height, width]);
      const result = await session.run({ [input.name]: tensor });
      const scores = result[output.name]!.data;
      if (!(scores instanceof Float32Array) || scores.length !== labels.length) {
        throw new ClassifierError(`${files.name}: expected ${labels.length} float scores`);
      }
      return softmaxIfNeeded(scores)
        .map((probability, i) => ({ label: labels[i]!, probability }))
        .sort((a, b) => b.probability - a.probability);
    },
  };
}
