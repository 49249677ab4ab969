import type { FastifyInstance } from 'fastify';
import { addDays, utcDate } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { addProduct } from '../../modules/spray_products/spray-products.service.js';
import { createTreatment } from '../../modules/treatments/treatments.service.js';
import { linkProductToBoxes } from '../../modules/treatments/applications.service.js';

const daysAgo = (n: number) => addDays(utcDate(), -n);

/**
 * Three spray products, their treatments, and applications on the demo company's first boxes two and one
 * weeks ago (none if the facility is not seeded), through the services so audit events exist; the
 * treatment effectiveness report then has something to show.
 */
export async function seedTreatmentsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const products = [
    { name: 'Amblyseius swirskii', details: 'Predatory mite against thrips and whitefly; sachets, 1 per 2 plants', type: 'biological' as const, sub_type: 'predatory mite' },
    { name: 'Conserve', details: 'Spinosad 120 g/l; 0.4 ml per litre against thrips', reentry_interval_hours: 12, preharvest_interval_days: 3, type: 'chemical' as const },
    { name: 'Mycotal', details: 'Lecanicillium muscarium against whitefly; 1 g per litre at high humidity', reentry_interval_hours: 0, type: 'biological' as const, sub_type: 'fungus' },
  ];
  for (const p of products) {
    const { product } = await addProduct(app, caller, {
      company_id: ctx.companyId, name: p.name, details: p.details, reentry_interval_hours: p.reentry_interval_hours, preharvest_interval_days: p.preharvest_interval_days,
    });
    await createTreatment(app, caller, { treatment_type: p.type, data: { product_id: product.product_id, sub_type: p.sub_type }, company_id: undefined });
  }
  const boxes = await app.db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', ctx.companyId).orderBy('grid_box_id').limit(6).execute();
  if (boxes.length === 0) return;
  const ids = boxes.map((b) => b.grid_box_id);
  await linkProductToBoxes(app, caller, { ApplicationDate: daysAgo(14), ProductName: 'Amblyseius swirskii', QuantityUsed: 3, Grid_boxIDs: ids });
  await linkProductToBoxes(app, caller, { ApplicationDate: daysAgo(7), ProductName: 'Conserve', QuantityUsed: 1.5, Grid_boxIDs: ids.slice(0, 3) });
}
