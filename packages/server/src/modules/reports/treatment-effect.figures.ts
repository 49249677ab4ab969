import type { TreatmentEffect } from '@verdant/contract';
import type { applicationsInRange, observationsByWeek } from './treatment-effect.repository.js';

type AppRow = Awaited<ReturnType<typeof applicationsInRange>>[number];
type ObsRow = Awaited<ReturnType<typeof observationsByWeek>>[number];

const round = (n: number) => Math.round(n * 1000) / 1000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/**
 * Per product: each week's observations on its treated boxes divided by the treated boxes of all its
 * applications (a box treated twice counts twice, as it is watched twice), so products applied to few or
 * many boxes compare. Before = weeks -N..-1, after = weeks 1..N; week 0 is the application's own week.
 */
export function treatmentEffects(apps: AppRow[], observations: ObsRow[], weeksBefore: number, weeksAfter: number): TreatmentEffect[] {
  const productOf = new Map<number, number>();
  const products = new Map<number, { name: string; applications: Set<number>; boxes: Set<number>; pairs: number; byWeek: Map<number, number> }>();
  for (const r of apps) {
    productOf.set(r.application_id, r.product_id);
    let p = products.get(r.product_id);
    if (!p) products.set(r.product_id, (p = { name: r.product_name, applications: new Set(), boxes: new Set(), pairs: 0, byWeek: new Map() }));
    p.applications.add(r.application_id);
    p.boxes.add(r.grid_box_id);
    p.pairs += 1;
  }
  for (const o of observations) {
    const p = products.get(productOf.get(o.application_id)!)!;
    p.byWeek.set(o.week, (p.byWeek.get(o.week) ?? 0) + o.observations);
  }
  return [...products.entries()].map(([productId, p]) => {
    const weeks = [];
    for (let week = -weeksBefore; week <= weeksAfter; week++) weeks.push({ week, value: round((p.byWeek.get(week) ?? 0) / p.pairs) });
    const before = mean(weeks.filter((w) => w.week < 0).map((w) => w.value));
    const after = mean(weeks.filter((w) => w.week > 0).map((w) => w.value));
    return {
      product_id: productId,
      product_name: p.name,
      applications: p.applications.size,
      treated_boxes: p.boxes.size,
      weeks,
      before_average: before === null ? null : round(before),
      after_average: after === null ? null : round(after),
      change: before === null || after === null || before === 0 ? null : round((after - before) / before),
    };
  });
}
