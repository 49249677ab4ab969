import type { LabelScore } from '@verdant/vision/classifier';
import type { ClassifierJob, ClassifierRequest, ClassifierResponse } from './classifier.worker';

/** The classifier could not be opened on this device (WASM refused, not enough memory, a model it cannot read). */
export class ClassifierLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClassifierLoadError';
  }
}

/** The model, without its bytes: what every request names. */
export type ClassifierModel = Omit<ClassifierJob, 'model' | 'wasm'>;
/** The bytes a first request carries: the .onnx file and onnxruntime's WASM. */
export interface ClassifierBytes {
  model: ArrayBuffer;
  wasm: ArrayBuffer;
}
/** Each photo's labels, most likely first, and the onnxruntime-web version that gave them. */
export interface Classified {
  scores: LabelScore[][];
  runtime: string;
}

/**
 * An ONNX classifier in its own Web Worker (onnxruntime-web, loaded there on first use). The worker keeps a
 * session per model version, so the bytes travel (transferred, not copied) only on the first request.
 */
let worker: Worker | null = null;
let next = 0;
const loaded = new Set<string>();
const waiting = new Map<number, { resolve: (s: Classified) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./classifier.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ClassifierResponse>) => {
    const res = event.data;
    const w = waiting.get(res.id);
    if (!w) return;
    waiting.delete(res.id);
    if (res.ok) w.resolve({ scores: res.scores, runtime: res.runtime });
    else w.reject(res.stage === 'load' ? new ClassifierLoadError(res.error) : new Error(res.error));
  };
  worker.onerror = (event) => {
    for (const w of waiting.values()) w.reject(new ClassifierLoadError(event.message || 'classifier worker failed'));
    waiting.clear();
    loaded.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/**
 * Each photo's labels, most likely first, decoded at full size and prepared as the server does.
 * `bytes` is asked for only when the worker does not hold this model yet.
 */
export async function classifyPhotos(model: ClassifierModel, photos: Blob[], bytes: () => Promise<ClassifierBytes>): Promise<Classified> {
  const first = !loaded.has(model.key);
  const job: ClassifierJob = first ? { ...model, ...(await bytes()) } : model;
  const w = getWorker();
  const answer = new Promise<Classified>((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve, reject });
    const request: ClassifierRequest = { id, job, photos };
    w.postMessage(request, first ? [job.model!, job.wasm!] : []);
  });
  try {
    const classified = await answer;
    loaded.add(model.key);
    return classified;
  } catch (err) {
    if (err instanceof ClassifierLoadError) loaded.delete(model.key);
    throw err;
  }
}
