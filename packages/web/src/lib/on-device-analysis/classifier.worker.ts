/// <reference lib="webworker" />
import type { InferenceSession } from 'onnxruntime-web';
import { classifierTensor, rankLabels, type ClassifierInput, type LabelScore } from '@verdant/vision/classifier';
import { decode } from './decode';

/** A classifier as the worker runs it: `key` names one model version; bytes come with its first request only. */
export interface ClassifierJob {
  key: string;
  input: ClassifierInput;
  labels: string[];
  /** The .onnx file and onnxruntime's WASM, transferred; absent once the worker holds this key's session. */
  model?: ArrayBuffer;
  wasm?: ArrayBuffer;
}
export type ClassifierRequest = { id: number; job: ClassifierJob; photos: Blob[] };
export type ClassifierResponse =
  | { id: number; ok: true; scores: LabelScore[][]; runtime: string; ms: number }
  | { id: number; ok: false; error: string; stage: 'load' | 'run' };

type Ort = typeof import('onnxruntime-web');
let ort: Promise<Ort> | null = null;
const sessions = new Map<string, Promise<InferenceSession>>();

/**
 * onnxruntime-web loads here, on the first classification, never with the page (the initial JavaScript
 * budget). Its WASM comes from the page as bytes read from the device's copy, so nothing is fetched from a
 * CDN or at all offline; one thread, no proxy worker (threads need cross-origin isolation we do not have).
 */
function runtime(wasm: ArrayBuffer | undefined): Promise<Ort> {
  if (!ort) {
    if (!wasm) return Promise.reject(new Error('onnxruntime WASM not given'));
    ort = import('onnxruntime-web/wasm').then((m) => {
      m.env.wasm.wasmBinary = wasm;
      m.env.wasm.numThreads = 1;
      m.env.wasm.proxy = false;
      return m;
    });
    ort.catch(() => (ort = null));
  }
  return ort;
}

function session(job: ClassifierJob): Promise<InferenceSession> {
  let s = sessions.get(job.key);
  if (!s) {
    if (!job.model) return Promise.reject(new Error(`model ${job.key} not given`));
    const bytes = new Uint8Array(job.model);
    s = runtime(job.wasm).then((m) => m.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' }));
    s.catch(() => sessions.delete(job.key));
    sessions.set(job.key, s);
  }
  return s;
}

async function classify(m: Ort, s: InferenceSession, job: ClassifierJob, photo: Blob): Promise<LabelScore[]> {
  const { width, height } = job.input;
  const tensor = new m.Tensor('float32', classifierTensor(await decode(photo), job.input), [1, 3, height, width]);
  const result = await s.run({ [s.inputNames[0]!]: tensor });
  const scores = result[s.outputNames[0]!]!.data;
  if (!(scores instanceof Float32Array)) throw new Error('the model did not give float scores');
  return rankLabels(job.labels, scores);
}

self.onmessage = async (event: MessageEvent<ClassifierRequest>) => {
  const { id, job, photos } = event.data;
  let s: InferenceSession;
  let m: Ort;
  try {
    s = await session(job);
    m = await runtime(job.wasm);
  } catch (err) {
    self.postMessage({ id, ok: false, stage: 'load', error: err instanceof Error ? err.message : String(err) } satisfies ClassifierResponse);
    return;
  }
  try {
    const started = performance.now();
    const scores: LabelScore[][] = [];
    for (const photo of photos) scores.push(await classify(m, s, job, photo));
    self.postMessage({ id, ok: true, scores, runtime: m.env.versions.web ?? m.env.versions.common, ms: performance.now() - started } satisfies ClassifierResponse);
  } catch (err) {
    self.postMessage({ id, ok: false, stage: 'run', error: err instanceof Error ? err.message : String(err) } satisfies ClassifierResponse);
  }
};
