import fs from 'node:fs/promises';
import path from 'node:path';
import { AI_MODELS, BUILTIN_MODEL_FINDINGS, DEFAULT_AI_MODEL, scansMessages, type AiModelInfo } from '@verdant/contract';
import { badRequest } from '../errors.js';
import { ENGINE, INSECT_SIZE_CLASSES, type FindingSelection } from '@verdant/vision';
import { loadClassifier, ONNX_ENGINE, ORT_VERSION, type Classifier } from './onnx-classifier.js';

/**
 * The built-in models: all four are the measured analysis of @verdant/vision (one engine, one version),
 * each reporting what its name promises (docs/decisions.md, "Scans: models"). The spec's default,
 * plantDiseaseRecognition, reports everything the analysis measures. What each files (`leaf`, `trap`) is
 * the contract's BUILTIN_MODEL_FINDINGS, which the phone selects its own findings with.
 */
export interface BuiltinModel extends FindingSelection {
  type: 'builtin';
  name: string;
  description: string;
}

export const BUILTIN_MODELS: Record<(typeof AI_MODELS)[number], BuiltinModel> = {
  plantDiseaseRecognition: {
    type: 'builtin', name: 'plantDiseaseRecognition', ...BUILTIN_MODEL_FINDINGS.plantDiseaseRecognition,
    description: 'Measured image analysis: yellowing, brown, powdery and dark-spot areas of a leaf, and insects on a yellow or blue sticky card.',
  },
  pestDetection: {
    type: 'builtin', name: 'pestDetection', ...BUILTIN_MODEL_FINDINGS.pestDetection,
    description: 'Measured image analysis, insects only: counts small flies, thrips and whiteflies on a sticky card.',
  },
  stickyTrapCounter: {
    type: 'builtin', name: 'stickyTrapCounter', ...BUILTIN_MODEL_FINDINGS.stickyTrapCounter,
    description: 'Measured image analysis: finds the yellow or blue sticky card and counts insects on it by size class.',
  },
  nutrientDeficiency: {
    type: 'builtin', name: 'nutrientDeficiency', ...BUILTIN_MODEL_FINDINGS.nutrientDeficiency,
    description: 'Measured image analysis, yellowing (chlorosis) of the leaf only.',
  },
};

export interface OnnxModel {
  type: 'onnx';
  name: string;
  classifier: Classifier;
}

export type ScanModel = BuiltinModel | OnnxModel;

/** A model file's name: what `ai_model` may say (AiModelName in the contract). */
const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

interface Cached {
  stamp: string;
  classifier: Promise<Classifier>;
}
const cache = new Map<string, Cached>();

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The ONNX classifiers in `dir`: every `<name>.onnx` with a `<name>.labels.txt` beside it (an optional
 * `<name>.json` sets input normalisation and a description). A model that does not load is left out and
 * logged. Sessions are kept while the files' sizes and times stay the same.
 */
export async function onnxModels(dir: string | undefined, log: Logger): Promise<OnnxModel[]> {
  if (!dir) return [];
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    log.warn({ err, dir }, 'AI_MODEL_DIR cannot be read; only the built-in models are offered');
    return [];
  }
  const models: OnnxModel[] = [];
  for (const file of names.filter((n) => n.endsWith('.onnx')).sort()) {
    const name = file.slice(0, -'.onnx'.length);
    if (!MODEL_NAME.test(name) || Object.hasOwn(BUILTIN_MODELS, name)) continue;
    const modelPath = path.join(dir, file);
    const labelsPath = path.join(dir, `${name}.labels.txt`);
    const metaPath = path.join(dir, `${name}.json`);
    try {
      const stats = await Promise.all([modelPath, labelsPath].map((p) => fs.stat(p)));
      const meta = await fs.stat(metaPath).catch(() => null);
      const stamp = [...stats, meta].map((s) => (s ? `${s.size}:${s.mtimeMs}` : '-')).join('|');
      let entry = cache.get(modelPath);
      if (!entry || entry.stamp !== stamp) {
        entry = { stamp, classifier: loadClassifier({ name, modelPath, labelsPath, metaPath }) };
        cache.set(modelPath, entry);
      }
      models.push({ type: 'onnx', name, classifier: await entry.classifier });
    } catch (err) {
      cache.delete(modelPath);
      log.warn({ err, model: name }, 'an ONNX model in AI_MODEL_DIR was left out');
    }
  }
  return models;
}

/** Every model the server offers: the built-ins first, then the ONNX classifiers by name. */
export async function offeredModels(dir: string | undefined, log: Logger): Promise<ScanModel[]> {
  return [...Object.values(BUILTIN_MODELS), ...(await onnxModels(dir, log))];
}

/** The model of that name, or undefined when the server does not offer it. */
export async function findModel(dir: string | undefined, log: Logger, name: string): Promise<ScanModel | undefined> {
  if (Object.hasOwn(BUILTIN_MODELS, name)) return BUILTIN_MODELS[name as keyof typeof BUILTIN_MODELS];
  return (await onnxModels(dir, log)).find((m) => m.name === name);
}

export const defaultModel = (): BuiltinModel => BUILTIN_MODELS[DEFAULT_AI_MODEL];

export function describeModel(m: ScanModel): AiModelInfo {
  if (m.type === 'builtin') {
    return {
      name: m.name, type: 'builtin', engine: ENGINE.name, engine_version: ENGINE.version, model_version: ENGINE.version,
      analyses: [...(m.leaf.length ? (['leaf'] as const) : []), ...(m.trap ? (['sticky_trap'] as const) : [])],
      labels: [...m.leaf, ...(m.trap ? INSECT_SIZE_CLASSES : [])],
      description: m.description,
    };
  }
  return {
    name: m.name, type: 'onnx', engine: ONNX_ENGINE, engine_version: ORT_VERSION, model_version: m.classifier.version,
    analyses: ['classifier'], labels: m.classifier.labels, description: m.classifier.description,
  };
}

/** The model of that name; a 400 naming `field` and listing the offered names when the server offers none such. */
export async function offeredModel(dir: string | undefined, log: Logger, name: string, field = 'ai_model'): Promise<ScanModel> {
  const found = await findModel(dir, log, name);
  if (found) return found;
  const names = (await offeredModels(dir, log)).map((m) => m.name);
  throw badRequest(scansMessages.modelUnknown(names), field);
}
