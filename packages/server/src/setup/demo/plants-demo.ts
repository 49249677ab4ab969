import type { FastifyInstance } from 'fastify';
import { DAY_MS as DAY } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { createTemplate } from '../../modules/grid_templates/grid-templates.service.js';
import { movePlant } from '../../modules/movement/movement.service.js';
import { createSubGridboxes, demoParentBoxes, updateSubGridbox } from '../../modules/sub_gridboxes/sub-gridboxes.service.js';

const REASONS = ['Spacing', 'Moved to flowering', 'Isolated: suspected mites', 'Re-potted', 'Better light', 'Back from isolation'];
const NOTES = [null, 'Roots well developed', null, 'Check again in a week', null];

/**
 * The demo company's plants, after the facility demo made its rooms and boxes: 3 × 2 sub-boxes with
 * plants in the first boxes of every grid (at most 8 boxes), a SubGrid and a Grid template, and
 * 20 moves spread over the last four weeks. Everything goes through the services, so audit events
 * exist as they would in real use.
 */
export async function seedPlantsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  const base = { company_id: ctx.companyId, user_id: ctx.userId };
  await createTemplate(app, caller, { ...base, template_name: 'Propagation tray 4×6', template_type: 'SubGrid', rows: 4, columns: 6, description: '24-cell tray for cuttings' });
  await createTemplate(app, caller, { ...base, template_name: 'Flowering table 10×20', template_type: 'Grid', rows: 20, columns: 10, description: 'Standard rolling table' });

  const parents = (await demoParentBoxes(app, ctx.companyId, 2)).slice(0, 8);
  if (parents.length < 2) return;
  const plants: string[] = [];
  for (const [i, parent] of parents.entries()) {
    const made = await createSubGridboxes(app, caller, { parent_gridbox_id: parent, user_id: ctx.userId, nx: 3, ny: 2, auto_initialize_plants: true });
    plants.push(...made.subGridboxes.map((s) => s.plant_uid!));
    if (i === 0) {
      for (const [j, sub] of made.subGridboxes.slice(0, 3).entries()) {
        await updateSubGridbox(app, caller, sub.Sub_gridboxID, { custom_name: `Mother ${j + 1}`, status: 'healthy' });
      }
    }
  }

  const now = Date.now();
  for (let i = 0; i < 20; i++) {
    const movedAt = new Date(now - (28 - i * 1.35) * DAY + (i % 5) * 3_600_000);
    await movePlant(
      app,
      caller,
      {
        plant_uid: plants[(i * 7) % plants.length]!,
        target_parent_gridbox_id: parents[(i + 1) % parents.length]!,
        movement_reason: REASONS[i % REASONS.length]!,
        notes: NOTES[i % NOTES.length]!,
      },
      { movedAt },
    );
  }
}
