import type { Analysis, RgbaImage } from '@verdant/vision';
import type { FrameRequest, FrameResponse } from './analyse-frame.worker';

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (a: Analysis) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./analyse-frame.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<FrameResponse>) => {
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

/**
 * Analyses a frame's pixels off the main thread with @verdant/vision (the server's library). The frames
 * queue in the one worker and are answered in order; the pixel buffer moves to the worker.
 */
export function analyseFrame(pixels: RgbaImage): Promise<Analysis> {
  const id = ++next;
  const data = pixels.data instanceof Uint8ClampedArray ? pixels.data : new Uint8ClampedArray(pixels.data);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    getWorker().postMessage({ id, data, width: pixels.width, height: pixels.height } satisfies FrameRequest, [data.buffer]);
  });
}
