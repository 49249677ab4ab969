/// <reference lib="webworker" />
import { analyseImage, type Analysis } from '@verdant/vision';

/** Asks: one video frame's RGBA pixels (their buffer is transferred). Answers: the analysis, or why it failed. */
export type FrameRequest = { id: number; data: Uint8ClampedArray; width: number; height: number };
export type FrameResponse = { id: number; ok: true; analysis: Analysis } | { id: number; ok: false; error: string };

self.onmessage = (event: MessageEvent<FrameRequest>) => {
  const { id, data, width, height } = event.data;
  try {
    self.postMessage({ id, ok: true, analysis: analyseImage({ data, width, height }) } satisfies FrameResponse);
  } catch (err) {
    self.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies FrameResponse);
  }
};
