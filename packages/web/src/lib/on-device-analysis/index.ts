import type { Analysis, RgbaImage } from '@verdant/vision';
import type { AnalysisRequest, AnalysisResponse } from './analysis.worker';

/**
 * The phone's own analysis (@verdant/vision, the server's library) in one Web Worker shared by Scan now and
 * Video capture: requests queue in it and are answered in order, off the main thread.
 */
let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (a: Analysis) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<AnalysisResponse>) => {
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

function ask(request: AnalysisRequest, transfer: Transferable[] = []): Promise<Analysis> {
  return new Promise((resolve, reject) => {
    waiting.set(request.id, { resolve, reject });
    getWorker().postMessage(request, transfer);
  });
}

/** A photo as the camera or a file gave it, decoded at full size in the worker. */
export function analysePhoto(photo: Blob): Promise<Analysis> {
  return ask({ id: ++next, photo });
}

/** Pixels already drawn (a video frame); their buffer moves to the worker. */
export function analysePixels(pixels: RgbaImage): Promise<Analysis> {
  const data = pixels.data instanceof Uint8ClampedArray ? pixels.data : new Uint8ClampedArray(pixels.data);
  return ask({ id: ++next, pixels: { data, width: pixels.width, height: pixels.height } }, [data.buffer]);
}
