/**
 * The confidence a grower types as a percent ("75", "75 %", "75,5") as the server takes it (0–1), or null
 * when it is not a number from 0 to 100.
 */
export function percentToConfidence(text: string): number | null {
  const cleaned = text.replace('%', '').replace(',', '.').trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value >= 0 && value <= 100 ? Math.round(value * 10) / 1000 : null;
}

/** The saved confidence (0–1) as the field shows it: a whole or one-decimal percent. */
export const confidenceToPercent = (confidence: number) => String(Math.round(confidence * 1000) / 10);
