import { PHONE_MODEL_MAX_BYTES, type AiModelInfo, type AiModelRecipe } from '@verdant/contract';
import type { ClassifierAnswer } from '../../../lib/on-device-analysis/device-analysis';

/** Why the company's model does not run on this phone; the scan is then analysed when it reaches the server. */
export type DeviceModelProblem = 'tooLarge' | 'noWasm' | 'notHeld' | 'failed';

/**
 * What the phone runs for the company's model: the measured analysis (a built-in model), an ONNX
 * classifier it can hold, or — for a classifier it cannot run — the measured analysis alone and the reason.
 */
export type DeviceModelPlan =
  | { kind: 'builtin' }
  | { kind: 'onnx'; recipe: AiModelRecipe }
  | { kind: 'serverOnly'; name: string; problem: DeviceModelProblem };

export interface DeviceModelFacts {
  /** The company's model as get_ai_models describes it (undefined: not known on this device). */
  model: AiModelInfo | undefined;
  /** Its recipe (null: not known on this device, e.g. offline and never fetched). */
  recipe: AiModelRecipe | null;
  /** Whether this device holds the model's file and the runtime's WASM. */
  held: boolean;
  online: boolean;
  /** Whether this browser offers WebAssembly at all. */
  wasm: boolean;
}

/** The decision alone, from what the device knows (no I/O), so it is tested as a table. */
export function planDeviceModel(f: DeviceModelFacts): DeviceModelPlan {
  if (!f.model || f.model.type !== 'onnx') return { kind: 'builtin' };
  const name = f.model.name;
  if (!f.wasm) return { kind: 'serverOnly', name, problem: 'noWasm' };
  if (!f.recipe) return { kind: 'serverOnly', name, problem: 'notHeld' };
  if (f.recipe.size_bytes > PHONE_MODEL_MAX_BYTES) return { kind: 'serverOnly', name, problem: 'tooLarge' };
  if (!f.held && !f.online) return { kind: 'serverOnly', name, problem: 'notHeld' };
  return { kind: 'onnx', recipe: f.recipe };
}

/** What the phone's classifier answered for a scan's photos, or why it did not run. */
export type DeviceClassification =
  | ({ ok: true } & ClassifierAnswer)
  | { ok: false; name: string; problem: DeviceModelProblem };

export const webAssemblyOffered = () => typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function';
