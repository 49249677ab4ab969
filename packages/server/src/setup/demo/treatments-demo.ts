import type { FastifyInstance } from 'fastify';
import { addDays, utcDate } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { addProduct } from '../../modules/spray_products/spray-products.service.js';
import { createTreatment } from '../../modules/treatments/treatments.service.js';
import { linkProductToBoxes } from '../../modules/treatments/applications.service.js';
import { countDemoStock, receiveDemoStock } from './stock-demo.js';

const daysAgo = (n: number) => addDays(utcDate(), -n);

/**
 * Three spray products with their register fields (unit, type, authorisation), their treatments, their stock
 * (stock-demo), and applications on the demo company's first boxes two and one weeks ago (none if the facility is
 * not seeded) taking their stock, then a stocktake; through the services so audit events exist. The treatment
 * effectiveness report, the stock page and the overview's stock warnings then have something to show.
 */
export async function seedTreatmentsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const products = [
    {
      name: 'Amblyseius swirskii', details: 'Predatory mite against thrips and whitefly; sachets, 1 per 2 plants', type: 'biological' as const, sub_type: 'predatory mite',
      register: { unit: 'units', product_type: 'biological_macro' },
    },
    {
      name: 'Conserve', details: 'Spinosad 120 g/l; 0.4 ml per litre against thrips', reentry_interval_hours: 12, preharvest_interval_days: 3, type: 'chemical' as const,
      register: { unit: 'L', product_type: 'chemical', authorisation_number: '12345N', authorisation_country: 'NL', formulation: 'SC', protective_equipment: 'Gloves and a face shield when mixing' },
    },
    {
      name: 'Mycotal', details: 'Lecanicillium muscarium against whitefly; 1 g per litre at high humidity', reentry_interval_hours: 0, type: 'biological' as const, sub_type: 'fungus',
      register: { unit: 'kg', product_type: 'biological_micro', authorisation_number: '13102N', authorisation_country: 'NL', formulation: 'WP' },
    },
  ] as const;
  const made: Array<{ product_id: number; name: string }> = [];
  for (const p of products) {
    const { product } = await addProduct(app, caller, {
      company_id: ctx.companyId, name: p.name, details: p.details, reentry_interval_hours: 'reentry_interval_hours' in p ? p.reentry_interval_hours : undefined,
      preharvest_interval_days: 'preharvest_interval_days' in p ? p.preharvest_interval_days : undefined, ...p.register,
    });
    made.push(product);
    await createTreatment(app, caller, { treatment_type: p.type, data: { product_id: product.product_id, sub_type: 'sub_type' in p ? p.sub_type : undefined }, company_id: undefined });
  }
  await receiveDemoStock(app, caller, made);
  const boxes = await app.db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', ctx.companyId).orderBy('grid_box_id').limit(6).execute();
  if (boxes.length === 0) return;
  const ids = boxes.map((b) => b.grid_box_id);
  await linkProductToBoxes(app, caller, { ApplicationDate: daysAgo(14), ProductName: 'Amblyseius swirskii', QuantityUsed: 3, Grid_boxIDs: ids });
  await linkProductToBoxes(app, caller, { ApplicationDate: daysAgo(7), ProductName: 'Conserve', QuantityUsed: 1.5, Grid_boxIDs: ids.slice(0, 3) });
  await countDemoStock(app, caller, made[0]!);
}
