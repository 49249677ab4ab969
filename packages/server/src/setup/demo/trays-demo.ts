import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../plugins/auth.js';
import { createTemplate, createTray, useTemplate } from '../../modules/trays/trays.service.js';

/** The demo company's batches that can still take trays, oldest first (none if batches are not seeded yet). */
const openBatches = (app: FastifyInstance, companyId: number) =>
  app.db
    .selectFrom('batches')
    .select('batch_id')
    .where('company_id', '=', companyId)
    .where('harvested_at', 'is', null)
    .orderBy('batch_id')
    .limit(3)
    .execute();

/**
 * Three tray templates and five trays for the demo company, through the service so audit events exist.
 * Trays and templates point at the company's unharvested batches when there are any, else at none.
 */
export async function seedTraysDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const base = { company_id: ctx.companyId, user_id: ctx.userId };
  const batches = (await openBatches(app, ctx.companyId)).map((b) => b.batch_id);
  const batch = (i: number) => batches[i % Math.max(batches.length, 1)];

  const cells72 = await createTemplate(app, caller, {
    ...base, template_name: '72-cell propagation tray', number_of_plants: 72, description: 'Cuttings under a humidity dome', default_batch_id: batch(0),
  });
  const pots = await createTemplate(app, caller, { ...base, template_name: '18-pot shuttle tray', number_of_plants: 18, description: '10.5 cm pots for hardening off' });
  await createTemplate(app, caller, { ...base, template_name: 'Mother stock tray', number_of_plants: 6, description: 'Large pots for mother plants', default_batch_id: undefined });

  await useTemplate(app, caller, { ...base, template_id: cells72.template.template_id, tray_name: 'Prop A1', batch_id: undefined });
  await useTemplate(app, caller, { ...base, template_id: cells72.template.template_id, tray_name: 'Prop A2', batch_id: batch(1) });
  await useTemplate(app, caller, { ...base, template_id: pots.template.template_id, tray_name: 'Shuttle 1', batch_id: batch(2) });
  await createTray(app, caller, { ...base, tray_name: 'Hospital tray', number_of_plants: 12, batch_id: undefined });
  await createTray(app, caller, { ...base, tray_name: 'Overflow bench tray', number_of_plants: 40, batch_id: batch(0) });
}
