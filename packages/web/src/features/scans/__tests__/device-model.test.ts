import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MODEL_MAX_BYTES, type AiModelInfo, type AiModelRecipe } from '@verdant/contract';
import { planDeviceModel, type DeviceModelFacts } from '../lib/device-model';
import { classifyOnDevice } from '../lib/onnx-run';
import { ClassifierLoadError } from '../../../lib/on-device-analysis/classifier';

const classifyPhotos = vi.hoisted(() => vi.fn());
const deviceModelBytes = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/on-device-analysis/classifier', async (real) => ({
  ...(await real<typeof import('../../../lib/on-device-analysis/classifier')>()),
  classifyPhotos,
}));
vi.mock('../../../api/scan-models', () => ({ deviceModelBytes }));

const onnx: AiModelInfo = {
  name: 'colours', type: 'onnx', engine: 'onnxruntime', engine_version: '1.30.0', model_version: 'abc123abc123',
  analyses: ['classifier'], labels: ['powdery-mildew', 'healthy'], description: '',
};
const builtin: AiModelInfo = { ...onnx, name: 'pestDetection', type: 'builtin', analyses: ['sticky_trap'] };
const recipe: AiModelRecipe = {
  name: 'colours', model_version: 'abc123abc123', size_bytes: 4_000, labels: ['powdery-mildew', 'healthy'],
  input: { layout: 'nchw', width: 32, height: 32, mean: [0, 0, 0], std: [1, 1, 1] },
};
const facts = (over: Partial<DeviceModelFacts> = {}): DeviceModelFacts => ({ model: onnx, recipe, held: true, online: true, wasm: true, ...over });

describe('planDeviceModel: what the phone runs for the company\'s model', () => {
  it('runs the measured analysis for a built-in model or one it does not know', () => {
    expect(planDeviceModel(facts({ model: builtin }))).toEqual({ kind: 'builtin' });
    expect(planDeviceModel(facts({ model: undefined }))).toEqual({ kind: 'builtin' });
  });

  it('runs an ONNX classifier it holds, online or not, and one it can still download online', () => {
    expect(planDeviceModel(facts())).toEqual({ kind: 'onnx', recipe });
    expect(planDeviceModel(facts({ online: false }))).toEqual({ kind: 'onnx', recipe });
    expect(planDeviceModel(facts({ held: false }))).toEqual({ kind: 'onnx', recipe });
  });

  it('leaves it to the server, saying why: no WebAssembly, too large, offline without a copy', () => {
    expect(planDeviceModel(facts({ wasm: false }))).toEqual({ kind: 'serverOnly', name: 'colours', problem: 'noWasm' });
    expect(planDeviceModel(facts({ recipe: { ...recipe, size_bytes: PHONE_MODEL_MAX_BYTES + 1 } }))).toEqual({ kind: 'serverOnly', name: 'colours', problem: 'tooLarge' });
    expect(planDeviceModel(facts({ held: false, online: false }))).toEqual({ kind: 'serverOnly', name: 'colours', problem: 'notHeld' });
    expect(planDeviceModel(facts({ recipe: null, online: false }))).toEqual({ kind: 'serverOnly', name: 'colours', problem: 'notHeld' });
  });
});

describe('classifyOnDevice', () => {
  const photo = new Blob([new Uint8Array([1])], { type: 'image/jpeg' });
  const bytes = { model: new ArrayBuffer(8), wasm: new ArrayBuffer(8) };
  beforeEach(() => {
    classifyPhotos.mockReset();
    deviceModelBytes.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('answers nothing for a built-in model and the reason for one the phone cannot run, without loading anything', async () => {
    expect(await classifyOnDevice(3, { kind: 'builtin' }, [photo])).toBeNull();
    expect(await classifyOnDevice(3, { kind: 'serverOnly', name: 'colours', problem: 'tooLarge' }, [photo])).toEqual({ ok: false, name: 'colours', problem: 'tooLarge' });
    expect(classifyPhotos).not.toHaveBeenCalled();
  });

  it('runs the classifier with the device\'s bytes, keyed by company, model and version', async () => {
    deviceModelBytes.mockResolvedValue(bytes);
    classifyPhotos.mockImplementation(async (_model, _photos, load: () => Promise<unknown>) => {
      expect(await load()).toBe(bytes);
      return { runtime: '1.30.0', scores: [[{ label: 'healthy', probability: 0.9 }, { label: 'powdery-mildew', probability: 0.1 }]] };
    });
    const res = await classifyOnDevice(3, { kind: 'onnx', recipe }, [photo]);
    expect(res).toEqual({ ok: true, name: 'colours', version: 'abc123abc123', runtime: '1.30.0', scores: [[{ label: 'healthy', probability: 0.9 }, { label: 'powdery-mildew', probability: 0.1 }]] });
    expect(classifyPhotos.mock.calls[0]![0]).toEqual({ key: '3:colours:abc123abc123', input: recipe.input, labels: recipe.labels });
    expect(deviceModelBytes).toHaveBeenCalledWith(3, recipe);
  });

  it('says "not on this phone" when the bytes are missing, "no WebAssembly" when the runtime is refused, "failed" otherwise', async () => {
    deviceModelBytes.mockResolvedValue(null);
    classifyPhotos.mockImplementation(async (_m, _p, load: () => Promise<unknown>) => load());
    expect(await classifyOnDevice(3, { kind: 'onnx', recipe }, [photo])).toEqual({ ok: false, name: 'colours', problem: 'notHeld' });
    classifyPhotos.mockRejectedValue(new ClassifierLoadError('CompileError: WebAssembly.instantiate(): Refused to compile'));
    expect(await classifyOnDevice(3, { kind: 'onnx', recipe }, [photo])).toEqual({ ok: false, name: 'colours', problem: 'noWasm' });
    classifyPhotos.mockRejectedValue(new Error('out of memory'));
    expect(await classifyOnDevice(3, { kind: 'onnx', recipe }, [photo])).toEqual({ ok: false, name: 'colours', problem: 'failed' });
  });
});
