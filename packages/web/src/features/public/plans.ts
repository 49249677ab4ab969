/** Plans shown on /Payments. Prices are agreed with sales: billing is not configured online. */
export const PLANS = ['monthly', 'yearly', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
