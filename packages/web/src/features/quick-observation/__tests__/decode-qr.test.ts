import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { decodePixels, nativeDetector } from '../lib/decode-qr';

/** A QR code drawn as RGBA pixels, the way a canvas hands a photo to the decoder. */
function qrPixels(text: string, scale = 6, quiet = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (!modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((r + quiet) * scale + dy) * side + (c + quiet) * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }
  }
  return { data, side };
}

describe('QR decoding without BarcodeDetector', () => {
  it('has no native detector here (jsdom), so the pure-JS decoder is the one used', async () => {
    expect(await nativeDetector()).toBeNull();
  });

  it('reads a box label made with the same QR library', async () => {
    const url = 'http://localhost:3000/dashboard/place/box/2100005';
    const { data, side } = qrPixels(url);
    expect(await decodePixels(data, side, side)).toBe(url);
  });

  it('reads a label printed light on dark (inverted) too', async () => {
    const url = 'http://localhost:3000/dashboard/place/grid/21';
    const { data, side } = qrPixels(url);
    for (let i = 0; i < data.length; i += 4) data[i] = data[i + 1] = data[i + 2] = 255 - data[i]!;
    expect(await decodePixels(data, side, side)).toBe(url);
  });

  it('answers null for an image without a code', async () => {
    const side = 120;
    expect(await decodePixels(new Uint8ClampedArray(side * side * 4).fill(200), side, side)).toBeNull();
  });
});
