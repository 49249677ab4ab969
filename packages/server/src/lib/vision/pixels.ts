import sharp from 'sharp';
import type { RgbaImage } from '@verdant/vision';

/**
 * The pixels a model looks at: the whole photo, EXIF rotation applied (so regions fit the photo as shown),
 * RGBA. It is not resized here: @verdant/vision area-averages it itself, the same way in the browser, so
 * the server and the phone measure the same pixels (docs/decisions.md, "Scans"). Call it after the upload
 * passed `processImage`, which refuses anything that is not a whole JPEG, PNG or WebP within the limits;
 * `maxPixels` bounds the decode again.
 */
export async function decodeForAnalysis(input: Buffer, maxPixels: number): Promise<RgbaImage> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' })
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * Box-averages the image to exactly `width` × `height` (a classifier's input size), as float RGB planes
 * (NCHW, values 0 … 1 before `mean`/`std`).
 */
export function toChwFloat(img: RgbaImage, width: number, height: number, mean: readonly number[], std: readonly number[]): Float32Array {
  const out = new Float32Array(3 * width * height);
  const plane = width * height;
  for (let oy = 0; oy < height; oy++) {
    const y0 = Math.floor((oy * img.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * img.height) / height));
    for (let ox = 0; ox < width; ox++) {
      const x0 = Math.floor((ox * img.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((ox + 1) * img.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * img.width + x0) * 4;
        for (let x = x0; x < x1; x++, i += 4) {
          r += img.data[i]!;
          g += img.data[i + 1]!;
          b += img.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0) * 255;
      const o = oy * width + ox;
      out[o] = (r / n - mean[0]!) / std[0]!;
      out[plane + o] = (g / n - mean[1]!) / std[1]!;
      out[2 * plane + o] = (b / n - mean[2]!) / std[2]!;
    }
  }
  return out;
}
