/**
 * Camera ingest benchmark (issue 13): 4 registered cameras post images at once to POST /camera_ingest with
 * their own tokens (multipart parse, token lookup, decode, the company's built-in analysis, storing the photo
 * and thumbnail, filing the scan and its observations) on the real app, beside a bare sharp decode loop of the
 * same JPEG, 4 at a time, in the same run. Each camera's frame is a 1280 × 960 JPEG of a generated leaf.
 * Env: BENCH_IMAGES_PER_CAMERA (default 10), DATABASE_URL (PostgreSQL instead of embedded PGlite).
 */
import sharp from 'sharp';
import { makeLeafImage } from '@verdant/vision/testing';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { facilityKit } from '../packages/server/src/test/fixtures/facility-test-kit.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const CAMERAS = 4;
const PER_CAMERA = Number(process.env.BENCH_IMAGES_PER_CAMERA ?? 10);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const leaf = makeLeafImage({ width: 1280, height: 960, seed: 9, lesions: { chlorotic: 0.05, powdery: 0.04 } });
const raw = leaf.image;
const jpeg = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), { raw: { width: raw.width, height: raw.height, channels: 4 } })
  .jpeg({ quality: 85 })
  .toBuffer();

/** `CAMERAS` loops at once, each running `one` `PER_CAMERA` times; images per second over the wall time. */
async function concurrently(one: (camera: number) => Promise<void>) {
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CAMERAS }, async (_, c) => {
    for (let i = 0; i < PER_CAMERA; i++) await one(c);
  }));
  const wall = ms(start);
  return { wall, perSecond: (CAMERAS * PER_CAMERA) / (wall / 1000) };
}

runBenchApp('camera-ingest', async ({ app }) => {
  const companyId = await makeCompany(app);
  const tenant = { companyId, admin: await makeUser(app, companyId, 'Admin') };
  const kit = facilityKit(() => app);
  const roomId = await kit.room(tenant as never, 'Camera house');
  const tokens: string[] = [];
  for (let c = 0; c < CAMERAS; c++) {
    const gridId = await kit.grid(tenant as never, roomId, 2, 2, `Bench ${c + 1}`);
    const res = await kit.call('POST', '/register_camera', tenant.admin.auth, {}, { company_id: companyId, grid_id: gridId, name: `Camera ${c + 1}` });
    if (res.statusCode !== 200) throw new Error(res.body);
    tokens.push(res.json().ingest_token as string);
  }
  const post = async (c: number) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'frame.jpg');
    const res = await app.inject({ method: 'POST', url: '/api/camera_ingest', headers: { authorization: `Bearer ${tokens[c]}` }, payload: form as never });
    if (res.statusCode !== 200) throw new Error(`camera ${c + 1}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const bareDecode = async () => {
    await sharp(jpeg).raw().toBuffer();
  };
  // Warm-up: one post per camera and one decode, not counted.
  await Promise.all(tokens.map((_, c) => post(c)));
  await bareDecode();

  const ingest = await concurrently(post);
  const bare = await concurrently(bareDecode);
  const filed = await app.db.selectFrom('camera_scans').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

  const markdown = [
    '## Camera ingest: 4 cameras posting at once (`npm run bench:camera-ingest -w @verdant/bench`)',
    '',
    machineLine(),
    `- frame: 1280 × 960 JPEG (quality 85, ${(jpeg.length / 1024).toFixed(0)} KiB) of a generated leaf; ${CAMERAS} cameras × ${PER_CAMERA} images after one warm-up post each; database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`,
    `- scans filed by cameras: ${filed.n} (expected ${CAMERAS * (PER_CAMERA + 1)})`,
    '',
    '| what, 4 at a time | wall ms | images/s |',
    '|---|---:|---:|',
    `| POST /camera_ingest (parse, token, decode, analysis, store, file the scan) | ${ingest.wall.toFixed(0)} | ${ingest.perSecond.toFixed(1)} |`,
    `| bare sharp decode of the same JPEG to raw pixels | ${bare.wall.toFixed(0)} | ${bare.perSecond.toFixed(1)} |`,
    '',
    `- ingest runs at ${((ingest.perSecond / bare.perSecond) * 100).toFixed(0)}% of the bare decode rate`,
  ].join('\n');
  console.info(markdown);
  writeResultsSection('camera-ingest', markdown);
});
