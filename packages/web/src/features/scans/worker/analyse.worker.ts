/// <reference lib="webworker" />
import { analyseImage, type Analysis } from '@verdant/vision';

/** Asks: a photo (as the camera gave it). Answers: the analysis, or the reason it failed. */
export type AnalyseRequest = { id: number; photo: Blob };
export type AnalyseResponse = { id: number; ok: true; analysis: Analysis; ms: number } | { id: number; ok: false; error: string };

/**
 * Decodes at FULL size (EXIF rotation applied) and lets the library's own `downscale` shrink the pixels:
 * a canvas resize gives different pixels than the server's, so the answers would differ.
 */
async function decode(photo: Blob) {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height, { colorSpace: 'srgb' });
    return { data, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

self.onmessage = async (event: MessageEvent<AnalyseRequest>) => {
  const { id, photo } = event.data;
  try {
    const image = await decode(photo);
    const started = performance.now();
    const analysis = analyseImage(image);
    self.postMessage({ id, ok: true, analysis, ms: performance.now() - started } satisfies AnalyseResponse);
  } catch (err) {
    self.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies AnalyseResponse);
  }
};
