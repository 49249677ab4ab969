import { parentPort } from 'node:worker_threads';
import { analyseImage, type RgbaImage } from '@verdant/vision';

/** One analysis at a time, off the server's event loop (analysis-pool.ts). */
const port = parentPort;
if (!port) throw new Error('analysis-worker.ts runs as a worker thread');
port.on('message', ({ id, image }: { id: number; image: RgbaImage }) => {
  try {
    port.postMessage({ id, analysis: analyseImage(image) });
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });
