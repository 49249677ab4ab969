import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-node';
import type { RgbaImage } from '@verdant/vision';
import { classifierTensor, DEFAULT_CLASSIFIER_SIDE, rankLabels, type ClassifierInput, type LabelScore } from '@verdant/vision/classifier';

const require = createRequire(import.meta.url);
/** The runtime's own version, named in every answer it gives. */
export const ORT_VERSION: string = (require('onnxruntime-node/package.json') as { version: string }).version;
export const ONNX_ENGINE = 'onnxruntime';

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
  /** How a photo becomes its input (the phone prepares it the same way, @verdant/vision/classifier). */
  input: ClassifierInput;
  /** The files it was loaded from and the model file's size, for the phone's download. */
  files: OnnxFiles;
  bytes: number;
  run(img: RgbaImage): Promise<LabelScore[]>;
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
  const dim = (v: number | string | undefined) => (typeof v === 'number' && v > 0 ? v : DEFAULT_CLASSIFIER_SIDE);
  if (input.shape.length !== 4 || (typeof input.shape[1] === 'number' && input.shape[1] !== 3)) {
    throw new ClassifierError(`${files.modelPath}: the first input must be [1, 3, H, W]`);
  }
  const height = dim(input.shape[2]);
  const width = dim(input.shape[3]);
  const outCount = output.shape[output.shape.length - 1];
  if (typeof outCount === 'number' && outCount !== labels.length) {
    throw new ClassifierError(`${files.modelPath} gives ${outCount} scores but ${files.labelsPath} lists ${labels.length} labels`);
  }
  const [m0 = 0, m1 = 0, m2 = 0] = meta.mean ?? [];
  const [s0 = 1, s1 = 1, s2 = 1] = meta.std ?? [];
  const prepared: ClassifierInput = { layout: 'nchw', width, height, mean: [m0, m1, m2], std: [s0, s1, s2] };
  return {
    name: files.name,
    version: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
    labels,
    description: meta.description ?? `ONNX image classifier over ${labels.length} labels (${files.name}.onnx).`,
    input: prepared,
    files,
    bytes: bytes.length,
    async run(img) {
      const tensor = new ort.Tensor('float32', classifierTensor(img, prepared), [1, 3, height, width]);
      const result = await session.run({ [input.name]: tensor });
      const scores = result[output.name]!.data;
      if (!(scores instanceof Float32Array) || scores.length !== labels.length) {
        throw new ClassifierError(`${files.name}: expected ${labels.length} float scores`);
      }
      return rankLabels(labels, scores);
    },
  };
}
