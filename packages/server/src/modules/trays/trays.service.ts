import { traysMessages as msg, type EndpointInput, type traysEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { lockBatchForChange } from '../plants/index.js';
import * as repo from './trays.repository.js';
import { toTray, toTrayTemplate } from './trays.mapper.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

type Input<K extends keyof typeof traysEndpoints> = EndpointInput<(typeof traysEndpoints)[K]>;

/** A batch a tray or template is about to point at: the company's (404) and not harvested (409). */
const batchForTray = (deps: TxDeps, caller: Caller, batchId: number) =>
  lockBatchForChange(deps, caller.company_id, batchId, msg.harvestedBatch);

async function readTray({ db }: Deps, caller: Caller, id: number) {
  const row = await repo.findTray(db, caller.company_id, id);
  return toTray(row!);
}

export async function listTemplates({ db }: Deps, caller: Caller) {
  const rows = await repo.listTemplates(db, caller.company_id);
  return { status: 'success' as const, templates: rows.map(toTrayTemplate) };
}

export async function createTemplate({ db }: Deps, caller: Caller, input: Input<'createTrayTemplate'>) {
  const id = await db.transaction().execute(async (trx) => {
    if (input.default_batch_id !== undefined) await batchForTray({ db: trx }, caller, input.default_batch_id);
    const row = {
      company_id: caller.company_id,
      template_name: input.template_name,
      number_of_plants: input.number_of_plants,
      description: input.description ?? null,
      default_batch_id: input.default_batch_id ?? null,
      created_by: caller.user_id,
    };
    const id = await repo.insertTemplate(trx, row);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'tray_template.create', entityType: 'tray_template', entityId: id, after: row });
    return id;
  });
  const row = await repo.findTemplate(db, caller.company_id, id);
  return { status: 'success' as const, message: msg.templateCreated, template: toTrayTemplate(row!) };
}

export async function deleteTemplate({ db }: Deps, caller: Caller, templateId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findTemplate(trx, caller.company_id, templateId);
    if (!before || !(await repo.deleteTemplate(trx, caller.company_id, templateId))) throw notFound('Tray template');
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'tray_template.delete', entityType: 'tray_template', entityId: templateId,
      before: toTrayTemplate(before),
    });
  });
  return { status: 'success' as const, message: msg.templateDeleted, template_id: templateId };
}

/**
 * A tray from a template. A batch sent is checked like any other; the template's default batch is
 * used only while it is not harvested (there is no call to change a template, so a harvested default
 * must not make the template unusable).
 */
export async function useTemplate({ db }: Deps, caller: Caller, input: Input<'useTrayTemplate'>) {
  const id = await db.transaction().execute(async (trx) => {
    const template = await repo.findTemplate(trx, caller.company_id, input.template_id);
    if (!template) throw notFound('Tray template');
    let batchId: number | null = null;
    if (input.batch_id !== undefined) batchId = (await batchForTray({ db: trx }, caller, input.batch_id)).batch_id;
    else if (template.default_batch_id !== null && template.default_batch_harvested_at === null) batchId = template.default_batch_id;
    return insertTrayAudited({ db: trx }, caller, {
      company_id: caller.company_id,
      tray_name: input.tray_name,
      number_of_plants: template.number_of_plants,
      batch_id: batchId,
      template_id: template.template_id,
      created_by: caller.user_id,
    });
  });
  return { status: 'success' as const, message: msg.trayCreated, tray: await readTray({ db }, caller, id) };
}

async function insertTrayAudited({ db: trx }: TxDeps, caller: Caller, row: repo.NewTray) {
  const id = await repo.insertTray(trx, row);
  await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'tray.create', entityType: 'tray', entityId: id, after: row });
  return id;
}

export async function listTrays({ db }: Deps, caller: Caller) {
  const rows = await repo.listTrays(db, caller.company_id);
  return { status: 'success' as const, trays: rows.map(toTray) };
}

export async function createTray({ db }: Deps, caller: Caller, input: Input<'createTray'>) {
  const id = await db.transaction().execute(async (trx) => {
    if (input.batch_id !== undefined) await batchForTray({ db: trx }, caller, input.batch_id);
    return insertTrayAudited({ db: trx }, caller, {
      company_id: caller.company_id,
      tray_name: input.tray_name,
      number_of_plants: input.number_of_plants,
      batch_id: input.batch_id ?? null,
      template_id: null,
      created_by: caller.user_id,
    });
  });
  return { status: 'success' as const, message: msg.trayCreated, tray: await readTray({ db }, caller, id) };
}

/** Changes only what was sent; moving a tray into a harvested batch is refused, leaving one is not. */
export async function updateTray({ db }: Deps, caller: Caller, input: Input<'updateTray'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockTray(trx, caller.company_id, input.tray_id);
    if (!before) throw notFound('Tray');
    const changes: repo.TrayChanges = {};
    if (input.tray_name !== undefined) changes.tray_name = input.tray_name;
    if (input.number_of_plants !== undefined) changes.number_of_plants = input.number_of_plants;
    if (input.batch_id !== undefined && input.batch_id !== before.batch_id) {
      if (input.batch_id !== null) await batchForTray({ db: trx }, caller, input.batch_id);
      changes.batch_id = input.batch_id;
    }
    if (Object.keys(changes).length === 0) return;
    await repo.updateTray(trx, input.tray_id, changes);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'tray.update', entityType: 'tray', entityId: input.tray_id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
      after: changes,
    });
  });
  return { status: 'success' as const, message: msg.trayUpdated, tray: await readTray({ db }, caller, input.tray_id) };
}

export async function deleteTray({ db }: Deps, caller: Caller, trayId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockTray(trx, caller.company_id, trayId);
    if (!before) throw notFound('Tray');
    await repo.deleteTray(trx, trayId);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'tray.delete', entityType: 'tray', entityId: trayId, before });
  });
  return { status: 'success' as const, message: msg.trayDeleted, tray_id: trayId };
}
