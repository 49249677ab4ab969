/// <reference lib="webworker" />
import { analyseImage, type Analysis, type RgbaImage } from '@verdant/vision';
import { decode } from './decode';

/**
 * Asks: a photo as the camera gave it, or pixels already drawn (a video frame; their buffer is transferred).
 * Answers: the analysis and how long it took, or the reason it failed.
 */
export type AnalysisRequest = { id: number; photo: Blob } | { id: number; pixels: RgbaImage };
export type AnalysisResponse = { id: number; ok: true; analysis: Analysis; ms: number } | { id: number; ok: false; error: string };

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
