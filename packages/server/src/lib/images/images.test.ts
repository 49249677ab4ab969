import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { processImage } from './images.js';

const file = (data: Buffer, filename = 'photo.jpg', mimetype = 'image/jpeg') => ({ filename, mimetype, data: new Uint8Array(data) });
const limits = { maxBytes: 15 * 1024 * 1024 };

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#2e7d32' } }).png().toBuffer();
}

describe('processImage', () => {
  it('re-encodes a real PNG as WebP with a 320px thumbnail', async () => {
    const out = await processImage(file(await png(800, 600), 'x.png', 'image/png'), 'imageFile', limits);
    expect((await sharp(out.image).metadata()).format).toBe('webp');
    expect((await sharp(out.thumb).metadata()).width).toBe(320);
    expect([out.width, out.height]).toEqual([800, 600]);
  });

  it('applies the EXIF rotation and strips the metadata', async () => {
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processImage(file(rotated), 'imageFile', limits);
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a text file named .jpg with a 400 naming the field', async () => {
    await expect(processImage(file(Buffer.from('not an image at all')), 'imageFile', limits)).rejects.toMatchObject({
      statusCode: 400,
      field: 'imageFile',
      message: 'imageFile must be a JPEG, PNG or WebP image.',
    });
  });

  it('refuses a truncated PNG', async () => {
    const whole = await png(400, 400);
    await expect(processImage(file(whole.subarray(0, Math.floor(whole.length / 2)), 'x.png', 'image/png'), 'image', limits)).rejects.toMatchObject({
      statusCode: 400,
      field: 'image',
    });
  });

  it('refuses a GIF, which decodes but is not accepted', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(processImage(file(gif, 'x.gif', 'image/gif'), 'image', limits)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers 413 above the pixel limit and above the byte limit', async () => {
    const big = await png(2000, 1000);
    await expect(processImage(file(big, 'x.png'), 'image', { ...limits, maxMegapixels: 1 })).rejects.toMatchObject({
      statusCode: 413,
      message: 'image is too large (at most 1 megapixels).',
    });
    await expect(processImage(file(big, 'x.png'), 'image', { maxBytes: 100 })).rejects.toMatchObject({ statusCode: 413 });
  });

  it('answers 413, not 400, for a PNG whose header declares 100,000 × 100,000 pixels', async () => {
    const header = Buffer.from(await png(4, 4));
    // IHDR's width and height sit at bytes 16–23; its CRC (bytes 29–32) must be recomputed for the header to stay valid.
    header.writeUInt32BE(100_000, 16);
    header.writeUInt32BE(100_000, 20);
    header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
    await expect(processImage(file(header, 'x.png'), 'image', limits)).rejects.toMatchObject({ statusCode: 413 });
  });
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
