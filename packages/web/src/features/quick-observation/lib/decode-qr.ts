/**
 * Reading QR codes. The browser's BarcodeDetector when it has one (Chrome on Android, Safari 17+); else
 * jsQR, a pure-JS decoder shipped with the app and loaded only when a scan starts, so the first page
 * load does not carry it and nothing is fetched from elsewhere at run time.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorCtor {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

let detector: Promise<BarcodeDetectorLike | null> | null = null;

/** The native detector if it reads QR codes here, else null. */
export function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  return (detector ??= (async () => {
    const Ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
    if (!Ctor) return null;
    try {
      const formats = (await Ctor.getSupportedFormats?.()) ?? ['qr_code'];
      return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })());
}

/** jsQR on raw pixels; null when no code is found. */
export async function decodePixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The largest side a frame or photo is reduced to before jsQR reads it (phone photos are 12 MP). */
export const DECODE_MAX_SIDE = 1024;

function pixelsOf(source: CanvasImageSource, width: number, height: number): ImageData {
  const scale = Math.min(1, DECODE_MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas');
  ctx.drawImage(source, 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h);
}

/** One camera frame (or image) read: the native detector first, else jsQR on its pixels. */
export async function decodeFrame(source: HTMLVideoElement | ImageBitmap | HTMLImageElement, width: number, height: number): Promise<string | null> {
  const native = await nativeDetector();
  if (native) {
    try {
      const found = await native.detect(source);
      if (found[0]?.rawValue) return found[0].rawValue;
      return null;
    } catch {
      // Fall through to jsQR (some builds refuse certain sources).
    }
  }
  const pixels = pixelsOf(source, width, height);
  return decodePixels(pixels.data, pixels.width, pixels.height);
}

/** A photo of a label, chosen from the device: decoded once. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeFrame(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
