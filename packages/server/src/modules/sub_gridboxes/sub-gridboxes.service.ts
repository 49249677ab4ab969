import {
  SUB_GRIDBOX_MAX_ALLOWED,
  positionOccupied,
  positionTaken,
  subGridboxesMessages as msg,
  tooManySubGridboxes,
  movementMessages,
  type Position,
  type EndpointInput,
  type subGridboxesEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { createPlants, getPlantById, type PlantRef } from '../plants/plants.service.js';
import { toParentGridbox, toSubGridbox } from './sub-gridboxes.mapper.js';
import { requestedPositions } from './sub-gridboxes.rules.js';
import * as repo from './sub-gridboxes.repository.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof subGridboxesEndpoints> = EndpointInput<(typeof subGridboxesEndpoints)[K]>;

/** Who does a change: the company it happens in and the signed-in user it is recorded against. */
export interface Actor {
  companyId: number;
  userId: number;
}

export const actorOf = (caller: Caller): Actor => ({ companyId: caller.company_id, userId: caller.user_id });

const required = <T>(value: T | undefined, message: string, field: string): T => {
  if (value === undefined) throw badRequest(message, field);
  return value;
};

/** 404 unless the grid box is the caller's company's (for services that name a box they do not change). */
export async function requireGridbox({ db }: Deps, caller: Caller, boxId: number) {
  if (!(await repo.findGridbox(db, caller.company_id, boxId))) throw notFound('Grid box');
}

async function lockParent({ db }: Deps, actor: Actor, parentId: number) {
  if (!(await repo.lockGridbox(db, actor.companyId, parentId))) throw notFound('Grid box');
}

/**
 * Adds sub-boxes at `positions` of a grid box, each with a new plant when `withPlants`, inside the
 * caller's transaction. Locks the grid box first so two requests cannot both pass the count check.
 */
export async function addSubGridboxes(
  { db: trx }: Deps,
  actor: Actor,
  parentId: number,
  positions: Position[],
  withPlants: boolean,
  limitField = 'parent_gridbox_id',
) {
  await lockParent({ db: trx }, actor, parentId);
  const has = await repo.countActive(trx, parentId);
  if (has + positions.length > SUB_GRIDBOX_MAX_ALLOWED) {
    throw badRequest(tooManySubGridboxes(SUB_GRIDBOX_MAX_ALLOWED, has), limitField);
  }
  const taken = await repo.findAtPositions(trx, parentId, positions);
  if (taken.length > 0) throw conflict(positionTaken({ subx: taken[0]!.subx, suby: taken[0]!.suby }));

  const plants = withPlants ? await createPlants({ db: trx }, actor.companyId, actor.userId, positions.length) : [];
  const ids = await repo.insertSubGridboxes(
    trx,
    actor.companyId,
    parentId,
    actor.userId,
    positions.map((p, i) => ({ subx: p.subx, suby: p.suby, plant_id: plants[i]?.plant_id ?? null })),
  );
  await writeAudit(trx, {
    companyId: actor.companyId,
    userId: actor.userId,
    action: 'sub_gridboxes.create',
    entityType: 'grid_box',
    entityId: parentId,
    after: { sub_gridbox_ids: ids, positions, plant_uids: plants.map((p) => p.plant_uid) },
  });
  const rows = await repo.findByIds(trx, ids);
  return { subGridboxes: rows.map(toSubGridbox), totalCount: has + ids.length };
}

export async function createSubGridboxes({ db }: Deps, caller: Caller, input: Input<'createSubGridboxes'>) {
  const parentId = required(input.parent_gridbox_id, msg.gridboxRequired, 'parent_gridbox_id');
  required(input.user_id, msg.userRequired, 'user_id');
  const actor = actorOf(caller);
  // Tenancy before rules: another company's box is a 404 whatever else the request gets wrong.
  if (!(await repo.findGridbox(db, actor.companyId, parentId))) throw notFound('Grid box');
  const positions = requestedPositions(input);
  const field = input.custom_positions?.length ? 'custom_positions' : 'nx';
  const made = await db.transaction().execute((trx) =>
    addSubGridboxes({ db: trx }, actor, parentId, positions, input.auto_initialize_plants, field),
  );
  return { parentId, ...made };
}

export async function listSubGridboxes({ db }: Deps, caller: Caller, parentId: number, includeDeleted: boolean) {
  const parent = await repo.findGridbox(db, caller.company_id, parentId);
  if (!parent) throw notFound('Grid box');
  const [rows, total] = await Promise.all([
    repo.listSubGridboxes(db, parentId, includeDeleted),
    repo.countActive(db, parentId),
  ]);
  return { parent: toParentGridbox(parent), totalCount: total, subGridboxes: rows.map(toSubGridbox) };
}

/** Boxes asked of listSubGridboxesOfBoxes per statement (bound parameters stay far below PostgreSQL's limit). */
const BOXES_PER_READ = 5_000;

/**
 * listSubGridboxes(…, false) of many boxes at once, keyed by box (the offline fill's room bundle): the same
 * answers in two statements per 5,000 boxes instead of three per box. A box that is not the caller's company's is
 * left out. The live count is the live list's length (countActive counts the same rows).
 */
export async function listSubGridboxesOfBoxes({ db }: Deps, caller: Caller, parentIds: number[]) {
  const answers = new Map<number, Awaited<ReturnType<typeof listSubGridboxes>>>();
  for (let i = 0; i < parentIds.length; i += BOXES_PER_READ) {
    const ids = parentIds.slice(i, i + BOXES_PER_READ);
    const parents = await repo.findGridboxes(db, caller.company_id, ids);
    const rows = await repo.listLiveSubGridboxesOf(db, parents.map((p) => p.grid_box_id));
    const byParent = new Map<number, repo.SubGridboxRow[]>();
    for (const row of rows) {
      const list = byParent.get(row.parent_gridbox_id);
      if (list) list.push(row);
      else byParent.set(row.parent_gridbox_id, [row]);
    }
    for (const parent of parents) {
      const list = (byParent.get(parent.grid_box_id) ?? []).sort(repo.bySubPlace);
      answers.set(parent.grid_box_id, { parent: toParentGridbox(parent), totalCount: list.length, subGridboxes: list.map(toSubGridbox) });
    }
  }
  return answers;
}

/** Soft delete: the row stays for history; its plant is free to be placed elsewhere. */
export async function deleteSubGridbox({ db }: Deps, caller: Caller, id: number) {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findSubGridbox(trx, caller.company_id, id, { lock: true });
    if (!row) throw notFound('Sub-grid box');
    await repo.softDeleteSubGridbox(trx, id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'sub_gridbox.delete',
      entityType: 'sub_gridbox',
      entityId: id,
      before: toSubGridbox(row),
    });
    return { totalCount: await repo.countActive(trx, row.parent_gridbox_id) };
  });
}

export async function updateSubGridbox({ db }: Deps, caller: Caller, id: number, changes: repo.SubGridboxChanges) {
  const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as repo.SubGridboxChanges;
  return db.transaction().execute(async (trx) => {
    const row = await repo.findSubGridbox(trx, caller.company_id, id, { lock: true });
    if (!row) throw notFound('Sub-grid box');
    if (Object.keys(sent).length === 0) throw badRequest(msg.nothingToUpdate, 'sub_gridbox_id');
    if (sent.plant_id != null && sent.plant_id !== row.plant_id) {
      const plant = await getPlantById({ db: trx }, caller.company_id, sent.plant_id, { lock: true });
      const holder = await repo.findHoldingPlant(trx, plant.plant_id);
      if (holder) throw conflict(`Plant ${plant.plant_uid} is already in ${toSubGridbox(holder).display_name}; move it with /move_plant.`);
    }
    await repo.updateSubGridbox(trx, id, sent);
    const after = (await repo.findSubGridbox(trx, caller.company_id, id))!;
    const before = Object.fromEntries(Object.keys(sent).map((k) => [k, row[k as keyof repo.SubGridboxChanges]]));
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'sub_gridbox.update',
      entityType: 'sub_gridbox',
      entityId: id,
      before,
      after: sent,
    });
    return toSubGridbox(after);
  });
}

export interface PlantLocation {
  sub_gridbox_id: number;
  parent_gridbox_id: number;
  room_id: number | null;
}

/**
 * Puts a plant into the sub-box at `position` of a grid box (made there if none is, within
 * max_allowed), or into the first empty one (else a new row) without a position; empties the sub-box
 * it was in. Runs in the caller's transaction; locks the target grid box and both sub-boxes.
 */
export async function relocatePlant({ db: trx }: Deps, actor: Actor, plant: PlantRef, parentId: number, position?: Position) {
  await lockParent({ db: trx }, actor, parentId);
  const target = await repo.findGridbox(trx, actor.companyId, parentId);
  const from = await repo.findHoldingPlant(trx, plant.plant_id);

  let into: repo.SubGridboxRow | undefined;
  let at = position;
  if (position) {
    into = (await repo.findAtPositions(trx, parentId, [position]))[0];
    if (into?.plant_id === plant.plant_id) throw conflict(movementMessages.alreadyThere);
    if (into?.plant_id) throw conflict(positionOccupied(into.plant_uid ?? String(into.plant_id)));
  } else {
    into = await repo.findFirstEmpty(trx, parentId);
    if (!into) at = { subx: 1, suby: (await repo.maxRow(trx, parentId)) + 1 };
  }
  if (!into) {
    const has = await repo.countActive(trx, parentId);
    if (has >= SUB_GRIDBOX_MAX_ALLOWED) {
      throw badRequest(position ? tooManySubGridboxes(SUB_GRIDBOX_MAX_ALLOWED, has) : movementMessages.noRoom, 'target_position');
    }
  }

  // Empty the old place first: a plant may sit in only one live sub-box (a unique index holds it).
  if (from) await repo.updateSubGridbox(trx, from.sub_gridbox_id, { plant_id: null });
  let toId: number;
  if (into) {
    await repo.updateSubGridbox(trx, into.sub_gridbox_id, { plant_id: plant.plant_id });
    toId = into.sub_gridbox_id;
  } else {
    [toId] = (await repo.insertSubGridboxes(trx, actor.companyId, parentId, actor.userId, [
      { subx: at!.subx, suby: at!.suby, plant_id: plant.plant_id },
    ])) as [number];
  }
  const fromBox = from ? await repo.findGridbox(trx, actor.companyId, from.parent_gridbox_id) : undefined;
  const [toRow] = await repo.findByIds(trx, [toId]);
  return {
    from: from ? { sub_gridbox_id: from.sub_gridbox_id, parent_gridbox_id: from.parent_gridbox_id, room_id: fromBox?.room_id ?? null } : null,
    to: { sub_gridbox_id: toId, parent_gridbox_id: parentId, room_id: target?.room_id ?? null } satisfies PlantLocation,
    subGridbox: toSubGridbox(toRow!),
  };
}

/** Boxes to give sub-boxes in the demo company: the first few of every grid. */
export const demoParentBoxes = ({ db }: Deps, companyId: number, perGrid: number) => repo.firstBoxesPerGrid(db, companyId, perGrid);
