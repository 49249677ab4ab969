/**
 * Scan accuracy bench (issue 18): `npm run bench:vision-accuracy`. Generates leaf and sticky-card photos from fixed
 * seeds with this folder's own drawing code (not `@verdant/vision/testing`), encodes each as a JPEG (quality 70–95),
 * decodes it through sharp as the server does (lib/vision/pixels.ts) and scores `analyseImage` against what was
 * drawn. Goals: leaf affected area within ±5 points in ≥ 95 % of leaves and never "clear" (no finding and no
 * doubt) at ≥ 2 % affected; card count within ±5 % (±10 % with touching insects; at least ±1) in ≥ 95 % of cards.
 * `ACCURACY_SET=tuning` runs the tuning seeds instead of the held-out bench seeds; `ACCURACY_LIMIT=n` runs fewer;
 * `ACCURACY_ONLY=cards` runs the cards only, `ACCURACY_ONLY=leaves` the leaves only.
 */
import sharp from 'sharp';
import { analyseImage, type Analysis } from '@verdant/vision';
import { decodeForAnalysis } from '../../packages/server/src/lib/vision/pixels.js';
import { cardPhoto } from './card-photos.js';
import { leafPhoto } from './leaf-photos.js';
import { machineLine, writeResultsSection } from '../lib/results.js';

const TUNING = process.env.ACCURACY_SET === 'tuning';
const LIMIT = Number(process.env.ACCURACY_LIMIT ?? Infinity);
const FIRST_LEAF = TUNING ? 900_000 : 1000;
const FIRST_CARD = TUNING ? 950_000 : 5000;
// `ACCURACY_ONLY=cards` skips the leaves (a change to card counting only; leaf answers do not depend on it).
const LEAVES = process.env.ACCURACY_ONLY === 'cards' ? 0 : Math.min(LIMIT, 240);
const CARDS = process.env.ACCURACY_ONLY === 'leaves' ? 0 : Math.min(LIMIT, 90);
const BIG_LEAVES = new Set([3, 100, 200]);
const BIG_CARDS = new Set([7, 60]);

async function roundTrip(rgba: Uint8Array, width: number, height: number, quality: number) {
  const jpeg = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width, height, channels: 4 } })
    .jpeg({ quality })
    .toBuffer();
  return decodeForAnalysis(jpeg, 100_000_000);
}

const pct = (x: number, of: number) => (of === 0 ? '—' : `${((100 * x) / of).toFixed(1)} %`);
const quantile = (xs: number[], q: number) => (xs.length === 0 ? 0 : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!);

interface LeafRow { seed: number; truth: number; measured: number | null; error: number; clear: boolean; doubts: string[]; note: string }
interface CardRow { seed: number; truth: number; measured: number | null; error: number; ok: boolean; note: string; touching: boolean }
interface Finding { confidence: number; right: boolean }

const leafRows: LeafRow[] = [];
const findings: Finding[] = [];
const started = Date.now();
for (let k = 0; k < LEAVES; k++) {
  const seed = FIRST_LEAF + k;
  const photo = leafPhoto(seed, !TUNING && BIG_LEAVES.has(k));
  const pixels = await roundTrip(photo.rgba, photo.width, photo.height, photo.jpegQuality);
  const a: Analysis = analyseImage(pixels);
  if (k % 20 === 19) console.warn(`leaves: ${k + 1}/${LEAVES}`);
  const note = `${photo.width}×${photo.height} ${photo.background} q${photo.jpegQuality} ${photo.colours.join('+')} ${photo.places.join('+')}${photo.cutByBorder ? ' cut' : ''}`;
  if (a.kind !== 'leaf') {
    leafRows.push({ seed, truth: photo.affected, measured: null, error: Infinity, clear: false, doubts: a.doubts, note: `${note} → ${a.kind}` });
    continue;
  }
  const measured = a.leaf.affectedFraction;
  leafRows.push({
    seed,
    truth: photo.affected,
    measured,
    error: Math.abs(measured - photo.affected),
    clear: a.leaf.findings.length === 0 && a.doubts.length === 0,
    doubts: a.doubts,
    note,
  });
  for (const f of a.leaf.findings) findings.push({ confidence: f.confidence, right: photo.truth[f.type] >= 0.005 });
}
const leafMs = Date.now() - started;

const cardRows: CardRow[] = [];
for (let k = 0; k < CARDS; k++) {
  const seed = FIRST_CARD + k;
  const photo = cardPhoto(seed, !TUNING && BIG_CARDS.has(k));
  const pixels = await roundTrip(photo.rgba, photo.width, photo.height, photo.jpegQuality);
  const a = analyseImage(pixels);
  if (k % 10 === 9) console.warn(`cards: ${k + 1}/${CARDS}`);
  const note = `${photo.width}×${photo.height} ${photo.colour}${photo.grid ? ' grid' : ''} tilt ${photo.tiltDeg.toFixed(1)}° touching ${photo.touching} on lines ${photo.onLines} q${photo.jpegQuality}`;
  const measured = a.kind === 'sticky_trap' ? a.trap.total : null;
  const tolerance = Math.max(1, photo.insects * (photo.touching > 0 ? 0.1 : 0.05));
  const error = measured === null ? Infinity : measured - photo.insects;
  cardRows.push({ seed, truth: photo.insects, measured, error, ok: Math.abs(error) <= tolerance, note: measured === null ? `${note} → ${a.kind}` : note, touching: photo.touching > 0 });
}
const elapsed = ((Date.now() - started) / 1000).toFixed(0);

// Leaves
const within = (d: number) => leafRows.filter((r) => r.error <= d).length;
const leafOk = within(0.05);
const falseClears = leafRows.filter((r) => r.truth >= 0.02 && r.clear);
const healthy = leafRows.filter((r) => r.truth < 0.005);
const errors = leafRows.map((r) => r.error * 100);
const signed = leafRows.filter((r) => r.measured !== null).map((r) => (r.measured! - r.truth) * 100);
const byBand = [[0, 0.02], [0.02, 0.1], [0.1, 0.3], [0.3, 0.5], [0.5, 0.71]].map(([lo, hi]) => {
  const rows = leafRows.filter((r) => r.truth >= lo! && r.truth < hi!);
  return `| ${(lo! * 100).toFixed(0)}–${(hi! * 100).toFixed(0)} % | ${rows.length} | ${pct(rows.filter((r) => r.error <= 0.05).length, rows.length)} | ${quantile(rows.map((r) => r.error * 100), 0.5).toFixed(1)} | ${quantile(rows.map((r) => r.error * 100), 0.95).toFixed(1)} | ${pct(rows.filter((r) => r.doubts.length > 0).length, rows.length)} | ${rows.filter((r) => r.truth >= 0.02 && r.clear).length} |`;
});
const calibration = [[0, 0.5], [0.5, 0.7], [0.7, 0.9], [0.9, 1.01]].map(([lo, hi]) => {
  const rows = findings.filter((f) => f.confidence >= lo! && f.confidence < hi!);
  return `| ${lo!.toFixed(1)}–${Math.min(1, hi!).toFixed(1)} | ${rows.length} | ${pct(rows.filter((f) => f.right).length, rows.length)} |`;
});
const doubtCounts = new Map<string, number>();
for (const r of leafRows) for (const d of r.doubts) doubtCounts.set(d, (doubtCounts.get(d) ?? 0) + 1);
const worstLeaves = [...leafRows].filter((r) => r.error > 0.05).sort((a, b) => b.error - a.error).slice(0, 12);

// Cards
const cardOk = cardRows.filter((r) => r.ok).length;
const cardErr = cardRows.filter((r) => r.truth > 0 && r.measured !== null).map((r) => (100 * r.error) / r.truth);
const worstCards = [...cardRows].filter((r) => !r.ok).sort((a, b) => Math.abs(b.error) - Math.abs(a.error)).slice(0, 12);
const cardGroup = (label: string, rows: CardRow[]) =>
  `| ${label} | ${rows.length} | ${pct(rows.filter((r) => r.ok).length, rows.length)} | ${quantile(rows.filter((r) => r.truth > 0).map((r) => Math.abs((100 * r.error) / r.truth)), 0.5).toFixed(1)} | ${quantile(rows.filter((r) => r.truth > 0).map((r) => Math.abs((100 * r.error) / r.truth)), 0.95).toFixed(1)} |`;

const markdown = [
  `## Scan accuracy (\`npm run bench:vision-accuracy\`, ${TUNING ? 'TUNING seeds' : 'held-out bench seeds'})`,
  '',
  machineLine(),
  `- ${leafRows.length} leaf photos and ${cardRows.length} card photos, JPEG 70–95 decoded by sharp; ${elapsed} s (leaves ${(leafMs / 1000).toFixed(0)} s)`,
  '',
  '| goal | result | met |',
  '|---|---|---|',
  `| leaf affected area within ±5 points in ≥ 95 % | ${pct(leafOk, leafRows.length)} (${leafOk}/${leafRows.length}) | ${leafOk >= 0.95 * leafRows.length ? 'yes' : 'NO'} |`,
  `| never "clear" at ≥ 2 % affected | ${falseClears.length} false clear(s) | ${falseClears.length === 0 ? 'yes' : 'NO'} |`,
  `| card count within ±5 % (±10 % touching, ≥ ±1) in ≥ 95 % | ${pct(cardOk, cardRows.length)} (${cardOk}/${cardRows.length}) | ${cardOk >= 0.95 * cardRows.length ? 'yes' : 'NO'} |`,
  '',
  `Leaf error (points): within 1 ${pct(within(0.01), leafRows.length)}, 2 ${pct(within(0.02), leafRows.length)}, 5 ${pct(leafOk, leafRows.length)}, 10 ${pct(within(0.1), leafRows.length)}; p50 ${quantile(errors, 0.5).toFixed(1)}, p95 ${quantile(errors, 0.95).toFixed(1)}; signed mean ${(signed.reduce((s, x) => s + x, 0) / Math.max(1, signed.length)).toFixed(2)}. Healthy leaves (< 0.5 %) with a finding: ${healthy.filter((r) => r.measured !== null && r.measured >= 0.005).length}/${healthy.length}. Doubts: ${[...doubtCounts].map(([d, n]) => `${d} ${n}`).join(', ') || 'none'}.`,
  '',
  '| drawn affected | leaves | within ±5 pts | p50 err | p95 err | with a doubt | false clear |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...byBand,
  '',
  '| finding confidence | findings | right (the symptom was drawn on ≥ 0.5 % of the leaf) |',
  '|---|---:|---:|',
  ...calibration,
  '',
  '| cards | n | within tolerance | p50 abs err % | p95 abs err % |',
  '|---|---:|---:|---:|---:|',
  cardGroup('all', cardRows),
  cardGroup('grid', cardRows.filter((r) => r.note.includes('grid'))),
  cardGroup('with touching insects', cardRows.filter((r) => r.touching)),
  cardGroup('12 MP', cardRows.filter((r) => r.note.startsWith('4000'))),
  '',
  `Card signed error %: p5 ${quantile(cardErr, 0.05).toFixed(1)}, p50 ${quantile(cardErr, 0.5).toFixed(1)}, p95 ${quantile(cardErr, 0.95).toFixed(1)}.`,
  '',
  'Worst leaves (seed: drawn → measured, doubts, photo):',
  ...worstLeaves.map((r) => `- ${r.seed}: ${(r.truth * 100).toFixed(1)} % → ${r.measured === null ? '—' : (r.measured * 100).toFixed(1) + ' %'} [${r.doubts.join(', ')}] ${r.note}`),
  ...falseClears.map((r) => `- FALSE CLEAR ${r.seed}: ${(r.truth * 100).toFixed(1)} % → ${((r.measured ?? 0) * 100).toFixed(1)} % ${r.note}`),
  '',
  'Cards outside tolerance (seed: drawn → counted, photo):',
  ...worstCards.map((r) => `- ${r.seed}: ${r.truth} → ${r.measured ?? '—'} ${r.note}`),
].join('\n');
console.info(markdown);
if (!TUNING && LIMIT === Infinity && LEAVES > 0 && CARDS > 0) writeResultsSection('vision-accuracy', markdown);
