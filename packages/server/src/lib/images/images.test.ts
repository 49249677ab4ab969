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
});
