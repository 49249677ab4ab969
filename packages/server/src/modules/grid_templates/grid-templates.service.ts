import {
  GRID_TEMPLATE_MAX_BOXES,
  SUB_GRIDBOX_MAX_ALLOWED,
  duplicateTemplateName,
  gridTemplatesMessages as msg,
  tooManyTemplateBoxes,
  tooManyTemplatePositions,
  type GridTemplateType,
  type Position,
  type EndpointInput,
  type gridTemplatesEndpoints,
} from '@verdant/contract';
import type { Config } from '../../config/env.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { actorOf, addSubGridboxes, requireGridbox } from '../sub_gridboxes/sub-gridboxes.service.js';
import { addGridToRoom } from '../grids/index.js';
import { requireRoom } from '../rooms/index.js';
import { toGridTemplate } from './grid-templates.mapper.js';
import * as repo from './grid-templates.repository.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof gridTemplatesEndpoints> = EndpointInput<(typeof gridTemplatesEndpoints)[K]>;

const required = <T>(value: T | undefined, message: string, field: string): T => {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) throw badRequest(message, field);
  return value;
};

export async function createTemplate({ db }: Deps, caller: Caller, input: Input<'createGridTemplates'>) {
  // In the order the spec's form checks them, with its sentences.
  const name = required(input.template_name, msg.nameRequired, 'template_name').trim();
  const type = required(input.template_type, msg.typeRequired, 'template_type');
  const rows = required(input.rows, msg.rowsRequired, 'rows');
  const columns = required(input.columns, msg.columnsRequired, 'columns');
  const companyId = required(input.company_id, msg.companyRequired, 'company_id');
  required(input.user_id, msg.userRequired, 'user_id');
  assertOwnCompany(caller, companyId);
  if (type === 'Grid' && rows * columns > GRID_TEMPLATE_MAX_BOXES) throw badRequest(tooManyTemplateBoxes(GRID_TEMPLATE_MAX_BOXES), 'rows');
  if (type === 'SubGrid' && rows * columns > SUB_GRIDBOX_MAX_ALLOWED) {
    throw badRequest(tooManyTemplatePositions(SUB_GRIDBOX_MAX_ALLOWED), 'rows');
  }
  return db.transaction().execute(async (trx) => {
    if (await repo.findTemplateByName(trx, companyId, type, name)) throw conflict(duplicateTemplateName(type, name));
    const row = await repo.insertTemplate(trx, {
      company_id: companyId,
      template_name: name,
      template_type: type,
      rows,
      columns,
      description: input.description?.trim() || null,
      created_by: caller.user_id,
    });
    const template = toGridTemplate(row);
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'grid_template.create',
      entityType: 'grid_template',
      entityId: row.template_id,
      after: template,
    });
    return template;
  });
}

export async function listTemplates({ db }: Deps, caller: Caller, companyId: number, type: GridTemplateType) {
  assertOwnCompany(caller, companyId);
  return (await repo.listTemplates(db, companyId, type)).map(toGridTemplate);
}

export async function deleteTemplate({ db }: Deps, caller: Caller, companyId: number, templateId: number) {
  assertOwnCompany(caller, companyId);
  await db.transaction().execute(async (trx) => {
    const row = await repo.findTemplate(trx, companyId, templateId);
    if (!row) throw notFound('Template');
    await repo.deleteTemplate(trx, templateId);
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'grid_template.delete',
      entityType: 'grid_template',
      entityId: templateId,
      before: toGridTemplate(row),
    });
  });
}

/** Every (subx, suby) of a columns × rows SubGrid template, row by row. */
export function templatePositions(rows: number, columns: number): Position[] {
  const out: Position[] = [];
  for (let suby = 1; suby <= rows; suby++) for (let subx = 1; subx <= columns; subx++) out.push({ subx, suby });
  return out;
}

export async function submitTemplate({ db }: Deps, caller: Caller, input: Input<'submitGridTemplate'>, boxLimits: Config['boxLimits']) {
  assertOwnCompany(caller, input.company_id);
  const template = await repo.findTemplate(db, input.company_id, input.template_id);
  if (!template) throw notFound('Template');
  // Each template type uses one of room_id / parent_gridbox_id; the other is still never another company's.
  if (input.room_id !== undefined) await requireRoom({ db }, caller, input.room_id);
  if (input.parent_gridbox_id !== undefined) await requireGridbox({ db }, caller, input.parent_gridbox_id);
  const base = { templateId: template.template_id, templateType: template.template_type };

  if (template.template_type === 'SubGrid') {
    const parentId = required(input.parent_gridbox_id, msg.gridboxRequired, 'parent_gridbox_id');
    const made = await db.transaction().execute((trx) =>
      addSubGridboxes({ db: trx }, actorOf(caller), parentId, templatePositions(template.rows, template.columns), input.auto_initialize_plants, 'template_id'),
    );
    return { ...base, grid: null, subGridboxes: made.subGridboxes, createdCount: made.subGridboxes.length };
  }

  const roomId = required(input.room_id, msg.roomRequired, 'room_id');
  const name = input.grid_name?.trim() || template.template_name;
  const grid = await db.transaction().execute((trx) =>
    addGridToRoom(
      { db: trx },
      caller,
      { roomId, name, description: template.description ?? '', nx: template.columns, ny: template.rows },
      { limits: boxLimits, field: 'template_id' },
      { action: 'grid.create_from_template', extra: { template_id: template.template_id } },
    ),
  );
  return {
    ...base,
    grid: { id: grid.grid_id, Name: grid.name, CompanyID: input.company_id, RoomID: roomId, nx: template.columns, ny: template.rows, box_count: grid.nx * grid.ny },
    subGridboxes: null,
    createdCount: grid.nx * grid.ny,
  };
}
