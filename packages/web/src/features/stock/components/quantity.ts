/** A typed quantity: a number above 0 (or at least 0 when counting) with at most three decimals; null when not. */
export function parseQuantity(text: string, { allowZero = false } = {}): number | null {
  const v = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(v)) return null;
  const n = Number(v);
  return n > 0 || (allowZero && n === 0) ? n : null;
}
