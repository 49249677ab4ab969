import type { RgbaImage } from './types.js';

/**
 * The pure half of an ONNX image classifier, written once for the server (onnxruntime-node) and the phone
 * (onnxruntime-web): how a photo becomes the model's input tensor and how its scores become an answer.
 * Only the runtime differs, so the same pixels give the same label on both (docs/decisions.md, "Models on
 * the phone").
 */

/** Input side when the model leaves its height or width open. */
export const DEFAULT_CLASSIFIER_SIDE = 224;
/** A classifier's answer is filed only when its best label is at least this likely. */
export const MIN_CLASSIFIER_CONFIDENCE = 0.5;
/** Classifier labels that name no problem (a healthy plant, an empty frame). */
export const NO_PROBLEM_LABELS: ReadonlySet<string> = new Set(['healthy', 'background', 'none', 'normal', 'ok', 'negative']);

/** How a photo becomes the input: box-averaged to width × height, RGB 0 … 1, then `(v − mean) / std`, planes NCHW. */
export interface ClassifierInput {
  layout: 'nchw';
  width: number;
  height: number;
  mean: [number, number, number];
  std: [number, number, number];
}

export interface LabelScore {
  label: string;
  probability: number;
}

/**
 * Box-averages the image to exactly `width` × `height` as float RGB planes (NCHW, values 0 … 1 before
 * `mean`/`std`). Integer sums per box, one division each: the same floats in Node and in a browser.
 */
export function toChwFloat(img: RgbaImage, width: number, height: number, mean: readonly number[], std: readonly number[]): Float32Array {
  const out = new Float32Array(3 * width * height);
  const plane = width * height;
  for (let oy = 0; oy < height; oy++) {
    const y0 = Math.floor((oy * img.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * img.height) / height));
    for (let ox = 0; ox < width; ox++) {
      const x0 = Math.floor((ox * img.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((ox + 1) * img.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * img.width + x0) * 4;
        for (let x = x0; x < x1; x++, i += 4) {
          r += img.data[i]!;
          g += img.data[i + 1]!;
          b += img.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0) * 255;
      const o = oy * width + ox;
      out[o] = (r / n - mean[0]!) / std[0]!;
      out[plane + o] = (g / n - mean[1]!) / std[1]!;
      out[2 * plane + o] = (b / n - mean[2]!) / std[2]!;
    }
  }
  return out;
}

/** The input tensor of `input` for a photo. */
export function classifierTensor(img: RgbaImage, input: ClassifierInput): Float32Array {
  return toChwFloat(img, input.width, input.height, input.mean, input.std);
}

/** Scores as probabilities: kept when they already are (each 0 … 1, summing to 1), else softmax. */
export function toProbabilities(values: ArrayLike<number>): number[] {
  const list = Array.from(values);
  const sum = list.reduce((a, b) => a + b, 0);
  if (list.every((v) => v >= 0 && v <= 1) && Math.abs(sum - 1) < 1e-3) return list;
  const max = Math.max(...list);
  const exps = list.map((v) => Math.exp(v - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** One probability per label, most likely first (ties keep the labels' order). */
export function rankLabels(labels: readonly string[], scores: ArrayLike<number>): LabelScore[] {
  if (scores.length !== labels.length) throw new Error(`expected ${labels.length} scores, got ${scores.length}`);
  return toProbabilities(scores)
    .map((probability, i) => ({ label: labels[i]!, probability }))
    .sort((a, b) => b.probability - a.probability);
}

/** The best label when it names a problem and is at least MIN_CLASSIFIER_CONFIDENCE likely; null otherwise. */
export function classifierProblem(ranked: readonly LabelScore[]): LabelScore | null {
  const best = ranked[0];
  if (!best || NO_PROBLEM_LABELS.has(best.label.toLowerCase()) || best.probability < MIN_CLASSIFIER_CONFIDENCE) return null;
  return best;
}
