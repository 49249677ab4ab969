/** Plant-image analysis on RGBA pixel buffers, shared by the server (sharp) and the browser (canvas, in a worker). */
export interface RgbaImage {
  /** RGBA, 4 bytes per pixel, row-major. */
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}
