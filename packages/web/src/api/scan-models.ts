import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { scanModelsEndpoints as ep, type AiModelRecipe } from '@verdant/contract';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';
import { hasDeviceFile, modelCacheKey, readDeviceFile, storeDeviceFile } from '../offline/device-model-store';
import { browserOffline } from '../offline/network';
import type { ClassifierBytes } from '../lib/on-device-analysis/classifier';

/** GET /get_ai_model_recipe: an offered ONNX classifier's version, size, labels and input preparation. */
export async function getAiModelRecipe(companyId: number, name: string): Promise<AiModelRecipe> {
  return (await callEndpoint(ep.getAiModelRecipe, { company_id: companyId, name })).model;
}

/** GET /download_ai_model: the classifier's .onnx file. */
export async function downloadAiModel(companyId: number, name: string): Promise<Blob> {
  return callBinaryEndpoint(ep.downloadAiModel, { company_id: companyId, name });
}

const keyOf = (companyId: number, recipe: AiModelRecipe) => modelCacheKey(companyId, recipe.name, recipe.model_version);
const prefixOf = (companyId: number, recipe: AiModelRecipe) => modelCacheKey(companyId, recipe.name, '').replace(/\.onnx$/, '');
// onnxruntime's WASM is one of our own built assets (hashed name), never a CDN's.
const wasmKey = () => new URL(wasmUrl, self.location.origin).href;

/** Whether this device holds both files the model needs: its .onnx of this version and the runtime's WASM. */
export async function holdsDeviceModel(companyId: number, recipe: AiModelRecipe): Promise<boolean> {
  const [model, wasm] = await Promise.all([hasDeviceFile(keyOf(companyId, recipe)), hasDeviceFile(wasmKey())]);
  return model && wasm;
}

/**
 * Keeps the model of `recipe` and the runtime's WASM on this device for offline scans, downloading what
 * it lacks (an older version of the model is dropped). Offline it does nothing; it never loads the runtime.
 */
export async function keepDeviceModel(companyId: number, recipe: AiModelRecipe): Promise<void> {
  if (browserOffline()) return;
  const key = keyOf(companyId, recipe);
  if (!(await hasDeviceFile(key))) await storeDeviceFile(key, await downloadAiModel(companyId, recipe.name), prefixOf(companyId, recipe));
  const wasm = wasmKey();
  if (!(await hasDeviceFile(wasm))) {
    const res = await fetch(wasm);
    if (!res.ok) throw new Error(`onnxruntime WASM: HTTP ${res.status}`);
    await storeDeviceFile(wasm, await res.blob(), new URL('/assets/ort-wasm', self.location.origin).href);
  }
}

/** The bytes the classifier worker needs, from this device's copies (kept first when online); null when it holds none. */
export async function deviceModelBytes(companyId: number, recipe: AiModelRecipe): Promise<ClassifierBytes | null> {
  if (!(await holdsDeviceModel(companyId, recipe))) await keepDeviceModel(companyId, recipe);
  const [model, wasm] = await Promise.all([readDeviceFile(keyOf(companyId, recipe)), readDeviceFile(wasmKey())]);
  return model && wasm ? { model, wasm } : null;
}
