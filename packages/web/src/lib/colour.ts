/**
 * Colour arithmetic for colours a company picks itself (problem chips, map fills): which text colour
 * reads on them, and whether two of them can be told apart — also by the 1 in 12 men with red-green
 * colour blindness. The one home of these helpers.
 */

export type Rgb = readonly [number, number, number];

const DARK_TEXT = '#1c1917';
const LIGHT_TEXT = '#ffffff';

/** '#rgb' or '#rrggbb' as 0–255 channels; null for anything else. */
export function parseHex(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function linear(channel: number): number {
  const v = channel / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance (0 black … 1 white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 … 21); an unreadable colour counts as black. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(parseHex(a) ?? [0, 0, 0]);
  const lb = relativeLuminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Near-black or white, whichever has the higher contrast on `background` (unreadable input: near-black). */
export function readableTextOn(background: string): string {
  if (!parseHex(background)) return DARK_TEXT;
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

function toLab(rgb: Rgb): Rgb {
  const [r, g, b] = rgb.map(linear) as unknown as Rgb;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 ΔE between two colours in CIELAB: about 2.3 is just noticeable, under ~12 easily confused on a map. */
function deltaE(a: Rgb, b: Rgb): number {
  const [l1, a1, b1] = toLab(a);
  const [l2, a2, b2] = toLab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

// Machado, Oliveira & Fernandes (2009) full-severity matrices, applied to linear RGB.
const SIMULATIONS: Record<'protanopia' | 'deuteranopia', readonly number[]> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
};

function simulate(rgb: Rgb, matrix: readonly number[]): Rgb {
  const lin = rgb.map(linear);
  const toByte = (v: number) => {
    const c = Math.min(1, Math.max(0, v));
    return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  };
  return [0, 1, 2].map((row) => toByte(matrix[row * 3]! * lin[0]! + matrix[row * 3 + 1]! * lin[1]! + matrix[row * 3 + 2]! * lin[2]!)) as unknown as Rgb;
}

/**
 * The smallest ΔE between two colours as seen with normal vision, protanopia and deuteranopia; null when
 * either is not a hex colour.
 */
export function colourDistance(a: string, b: string): number | null {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return null;
  const views = [deltaE(ra, rb), ...Object.values(SIMULATIONS).map((m) => deltaE(simulate(ra, m), simulate(rb, m)))];
  return Math.min(...views);
}

/** Below this distance two problem colours on one map are too easily mistaken for each other. */
export const MIN_DISTINGUISHABLE = 12;

/** Whether two colours stay apart for normal and red-green colour-blind vision. */
export function distinguishable(a: string, b: string): boolean {
  const d = colourDistance(a, b);
  return d === null || d >= MIN_DISTINGUISHABLE;
}
