import type { Analysis } from '@verdant/vision';
import type { AnalyseRequest, AnalyseResponse } from './analyse.worker';

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (a: Analysis) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./analyse.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<AnalyseResponse>) => {
    const res = event.data;
    const w = waiting.get(res.id);
    if (!w) return;
    waiting.delete(res.id);
    if (res.ok) w.resolve(res.analysis);
    else w.reject(new Error(res.error));
  };
  worker.onerror = (event) => {
    for (const w of waiting.values()) w.reject(new Error(event.message || 'analysis worker failed'));
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Analyses a photo on this device, off the main thread, with the same library the server uses. */
export function analyseOnDevice(photo: Blob): Promise<Analysis> {
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    getWorker().postMessage({ id, photo } satisfies AnalyseRequest);
  });
}
