import type { FastifyInstance } from 'fastify';
import type { Tenant } from '../rooms/facility-test-kit.js';
import { facilityKit } from '../rooms/facility-test-kit.js';

type FieldSpec = [name: string, type: string, options: string[], required: boolean];

/** A template written straight to the tables, so these tests do not depend on the form builder's endpoints. */
export async function makeTemplate(
  app: FastifyInstance,
  companyId: number,
  name: string,
  category: string,
  fields: FieldSpec[],
  hideUntil: Array<[hidden: string, linked: string, input: string]> = [],
) {
  const t = await app.db
    .insertInto('form_templates')
    .values({ company_id: companyId, template_name: name, form_category: category })
    .returning('template_id')
    .executeTakeFirstOrThrow();
  const rows = await app.db
    .insertInto('form_fields')
    .values(fields.map(([n, type, options, required], position) => ({
      company_id: companyId, template_id: t.template_id, field_name: n, field_type: type,
      field_options: JSON.stringify(options), is_required: required, position,
    })))
    .returning(['field_id', 'field_name'])
    .execute();
  const id = Object.fromEntries(rows.map((r) => [r.field_name, r.field_id])) as Record<string, number>;
  for (const [hidden, linked, input] of hideUntil) {
    await app.db.insertInto('form_hide_until').values({ company_id: companyId, hidden_field_id: id[hidden]!, linked_field_id: id[linked]!, linked_input: input }).execute();
  }
  return { templateId: t.template_id, field: id };
}

export const SCOUTING_FIELDS: FieldSpec[] = [
  ['Problem', 'problem', [], true],
  ['Severity', 'severity', ['1', '2', '3', '4', '5'], false],
  ['Plants affected', 'number', [], false],
  ['Seen on', 'date', [], false],
  ['Stage', 'select', ['Seedling', 'Veg', 'Flower'], false],
  ['Irrigation ok', 'select', ['Yes', 'No'], true],
  ['Irrigation issue', 'textarea', [], true],
  ['Confirmed', 'checkbox', [], false],
  ['Photo', 'photo', [], false],
  ['Notes', 'textarea', [], false],
];

export const TRAP_FIELDS: FieldSpec[] = [
  ['Whiteflies', 'sticky-trap-count', [], true],
  ['Thrips', 'sticky-trap-count', [], false],
];

/** A tenant's room with a 2×3 grid, a scouting template (with a hide-until rule) and a sticky-trap template. */
export async function scoutingPlace(app: FastifyInstance, tenant: Tenant, roomName = 'Flower Room') {
  const kit = facilityKit(() => app);
  const roomId = await kit.room(tenant, roomName);
  const gridId = await kit.grid(tenant, roomId);
  const boxes = (await kit.boxes(gridId)).map((b) => b.grid_box_id);
  const scouting = await makeTemplate(app, tenant.companyId, 'Scouting', 'scouting', SCOUTING_FIELDS, [['Irrigation issue', 'Irrigation ok', 'No']]);
  const traps = await makeTemplate(app, tenant.companyId, 'Sticky trap count', 'sticky_trap', TRAP_FIELDS);
  return { roomId, gridId, boxes, scouting, traps };
}
