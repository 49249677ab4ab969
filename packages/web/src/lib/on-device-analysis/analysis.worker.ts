/// <reference lib="webworker" />
import { analyseImage, type Analysis, type RgbaImage } from '@verdant/vision';

/**
 * Asks: a photo as the camera gave it, or pixels already drawn (a video frame; their buffer is transferred).
 * Answers: the analysis and how long it took, or the reason it failed.
 */
export type AnalysisRequest = { id: number; photo: Blob } | { id: number; pixels: RgbaImage };
export type AnalysisResponse = { id: number; ok: true; analysis: Analysis; ms: number } | { id: number; ok: false; error: string };

/**
 * Decodes at FULL size (EXIF rotation applied) and lets the library's own `downscale` shrink the pixels:
 * a canvas resize gives different pixels than the server's, so the answers would differ.
 */
async function decode(photo: Blob): Promise<RgbaImage> {
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

self.onmessage = async (event: MessageEvent<AnalysisRequest>) => {
  const { id } = event.data;
  try {
    const image = 'photo' in event.data ? await decode(event.data.photo) : event.data.pixels;
    const started = performance.now();
    const analysis = analyseImage(image);
    self.postMessage({ id, ok: true, analysis, ms: performance.now() - started } satisfies AnalysisResponse);
  } catch (err) {
    self.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies AnalysisResponse);
  }
};
