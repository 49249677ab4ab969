/** A key of the walk's number pad: a digit, the decimal point, or rubbing out the last character. */
export type PadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back';

export const PAD_KEYS: readonly PadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'back'];

/** How many characters a typed value may hold (no measurement needs more; a stuck thumb cannot fill the screen). */
const MAX_LENGTH = 9;

/**
 * The value after pressing `key` on the pad, for a field allowing `decimals` digits after the point (0: whole
 * numbers, the point key does nothing). A leading point becomes "0."; a second point, a digit beyond the
 * allowed decimals and leading zeros ("007") are ignored, so the field only ever holds a number being typed.
 */
export function pressKey(value: string, key: PadKey, decimals: number): string {
  if (key === 'back') return value.slice(0, -1);
  if (value.length >= MAX_LENGTH) return value;
  if (key === '.') {
    if (decimals <= 0 || value.includes('.')) return value;
    return value === '' ? '0.' : `${value}.`;
  }
  const point = value.indexOf('.');
  if (point >= 0 && value.length - point - 1 >= decimals) return value;
  if (value === '0') return key;
  return value + key;
}

/** The typed value as a number, or null while it is empty or unfinished ("", "12."). */
export function typedNumber(value: string): number | null {
  if (value === '' || value.endsWith('.')) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
