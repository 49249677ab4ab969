import { downscale } from './downscale.js';
import { analyseLeaf } from './leaf.js';
import { analyseTrap } from './trap.js';
import type { Analysis, AnalyseOptions, EngineInfo, RgbaImage } from './types.js';

/** Bumped whenever a threshold or rule changes what an image gives, so stored results name what produced them. */
export const ENGINE: EngineInfo = { name: 'verdant-vision', version: '2.1.0' };
export const UNKNOWN_REASON = 'not a leaf or a sticky card';
export const DEFAULT_MAX_SIDE = 1024;
export const DEFAULT_CARD_LONG_SIDE_MM = 250;
/** Below this many pixels on a side there is too little to tell a leaf from anything green: the answer is unknown. */
export const MIN_SIDE = 32;

function checkImage(img: RgbaImage): void {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`image size must be positive integers, got ${width}×${height}`);
  }
  if (data.length !== width * height * 4) {
    throw new RangeError(`image data must hold ${width * height * 4} bytes (RGBA), got ${data.length}`);
  }
}

/**
 * Decides whether the photo shows a sticky card or a leaf and measures it. A card is looked for first (a
 * saturated yellow or blue rectangle is never a leaf); then a leaf; otherwise the answer is `unknown` with
 * `UNKNOWN_REASON`. Images larger than `maxSide` are measured on an area-averaged copy; regions and areas are
 * always in original image pixels.
 */
export function analyseImage(img: RgbaImage, opts: AnalyseOptions = {}): Analysis {
  checkImage(img);
  const maxSide = Math.max(64, Math.floor(opts.maxSide ?? DEFAULT_MAX_SIDE));
  const s = downscale(img, maxSide);
  const base = {
    engine: ENGINE,
    width: img.width,
    height: img.height,
    analysedWidth: s.image.width,
    analysedHeight: s.image.height,
  };
  if (img.width < MIN_SIDE || img.height < MIN_SIDE) return { ...base, kind: 'unknown', reason: UNKNOWN_REASON, doubts: ['too_small'] };
  const trap = analyseTrap(s, img, opts.cardLongSideMm ?? DEFAULT_CARD_LONG_SIDE_MM, opts.maxRegions ?? 2000);
  if (trap !== null) return { ...base, kind: 'sticky_trap', trap: trap.trap, doubts: trap.doubts };
  const leaf = analyseLeaf(s, img, opts.maxRegions ?? 500);
  if (leaf !== null) return { ...base, kind: 'leaf', leaf: leaf.leaf, doubts: leaf.doubts };
  return { ...base, kind: 'unknown', reason: UNKNOWN_REASON, doubts: ['mostly_background'] };
}
