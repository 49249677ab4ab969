import { deviceModelBytes } from '../../../api/scan-models';
import { ClassifierLoadError, classifyPhotos } from '../../../lib/on-device-analysis/classifier';
import type { DeviceClassification, DeviceModelPlan } from './device-model';

class NotHeldError extends Error {}

/**
 * Runs the company's ONNX classifier on a scan's photos on this phone, as the plan says; null for a
 * built-in model (the measured analysis is all it runs). Never throws: a model that cannot run answers
 * why, and the scan is analysed when it reaches the server.
 */
export async function classifyOnDevice(companyId: number, plan: DeviceModelPlan, photos: Blob[]): Promise<DeviceClassification | null> {
  if (plan.kind === 'builtin') return null;
  if (plan.kind === 'serverOnly') return { ok: false, name: plan.name, problem: plan.problem };
  const { recipe } = plan;
  const model = { key: `${companyId}:${recipe.name}:${recipe.model_version}`, input: recipe.input, labels: recipe.labels };
  try {
    const { scores, runtime } = await classifyPhotos(model, photos, async () => {
      const bytes = await deviceModelBytes(companyId, recipe);
      if (!bytes) throw new NotHeldError();
      return bytes;
    });
    return { ok: true, name: recipe.name, version: recipe.model_version, runtime, scores };
  } catch (err) {
    console.warn('The on-device classifier did not run', err);
    if (err instanceof NotHeldError) return { ok: false, name: recipe.name, problem: 'notHeld' };
    // A CompileError or a refused instantiate: this browser will not run the runtime's WASM.
    if (err instanceof ClassifierLoadError && /wasm|webassembly|compile/i.test(err.message)) return { ok: false, name: recipe.name, problem: 'noWasm' };
    return { ok: false, name: recipe.name, problem: 'failed' };
  }
}
