/** Types of parity-bundle.mjs (a plain script, so the vision package's scripts need no build). */
export function buildParityBundle(): Promise<string>;
export function runInNode(code: string): {
  all: string;
  big: () => string;
  /** Generated photos (RGBA) to encode as JPEG. */
  photoCases: () => Array<{ data: Uint8Array; width: number; height: number }>;
  /** The findings JSON (@verdant/vision photoFindings) of decoded pixels. */
  findingsOfPixels: (data: Uint8Array | Uint8ClampedArray, width: number, height: number) => string;
};
