import { gridsMessages, tooManyBoxes, type EndpointInput, type UploadedFile, type gridsEndpoints } from '@verdant/contract';
import type { Config } from '../../config/env.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { deleteFilesQuietly, imageUrl, processImage, storeImage } from '../../lib/images/images.js';
import { requireRoom } from '../rooms/index.js';
import * as repo from './grids.repository.js';
import { toGrid, toGridBackground } from './grids.mapper.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

export type GridsDeps = Deps<'files' | 'config' | 'log'>;

export async function requireGrid(deps: Pick<GridsDeps, 'db'>, caller: Caller, gridId: number) {
  const grid = await repo.findGrid(deps.db, caller.company_id, gridId);
  if (!grid) throw notFound('Grid');
  return grid;
}

type Input<K extends keyof typeof gridsEndpoints> = EndpointInput<(typeof gridsEndpoints)[K]>;

export interface NewGrid {
  roomId: number;
  name: string;
  description?: string;
  nx: number;
  ny: number;
}

/** The box limits a new grid must fit in, and the input field a refusal names. */
export interface BoxBudget {
  limits: Config['boxLimits'];
  field: string;
}

/**
 * Refuses (409, naming the field) a grid that would take the company or the room past its box
 * limit. The company row stays locked until the caller's transaction ends, so two creations at
 * once are counted one after the other and cannot both pass.
 */
async function assertBoxesFit({ db: trx }: Deps, companyId: number, roomId: number, adding: number, budget: BoxBudget) {
  await repo.lockCompanyForBoxes(trx, companyId);
  const has = await repo.boxTotals(trx, companyId, roomId);
  const { perCompany, perRoom } = budget.limits;
  if (has.company + adding > perCompany) {
    throw new AppError('conflict', tooManyBoxes('company', perCompany, has.company, adding), budget.field);
  }
  if (has.room + adding > perRoom) throw new AppError('conflict', tooManyBoxes('room', perRoom, has.room, adding), budget.field);
}

/**
 * Adds a grid with all its boxes to one of the caller's rooms, inside the caller's transaction, with
 * its audit event, within the company's and the room's box limits. Create_grid and grid templates
 * both make grids through here.
 */
export async function addGridToRoom(
  { db: trx }: Deps,
  caller: Caller,
  grid: NewGrid,
  budget: BoxBudget,
  audit: { action: string; extra?: Record<string, unknown> } = { action: 'grid.created' },
) {
  await requireRoom({ db: trx }, caller, grid.roomId);
  await assertBoxesFit({ db: trx }, caller.company_id, grid.roomId, grid.nx * grid.ny, budget);
  const row = await repo.insertGridWithBoxes(trx, { companyId: caller.company_id, ...grid });
  await writeAudit(trx, {
    companyId: caller.company_id,
    userId: caller.user_id,
    action: audit.action,
    entityType: 'grid',
    entityId: row.grid_id,
    after: { name: row.name, room_id: grid.roomId, nx: row.nx, ny: row.ny, ...audit.extra },
  });
  return row;
}

export async function createGrid(deps: GridsDeps, caller: Caller, input: Input<'createGrid'>) {
  assertOwnCompany(caller, input.ncompany_id);
  const grid = await deps.db
    .transaction()
    .execute((trx) =>
      addGridToRoom(
        { db: trx },
        caller,
        { roomId: input.nroom_id, name: input.ngrid_name, nx: input.nx, ny: input.ny },
        { limits: deps.config.boxLimits, field: 'nx' },
      ),
    );
  return {
    status: 'success' as const,
    message: gridsMessages.created,
    room_id: input.nroom_id,
    grid: toGrid(grid),
    boxes_created: grid.nx * grid.ny,
  };
}

export async function deleteGrid(deps: GridsDeps, caller: Caller, gridId: number) {
  const { grid, boxes } = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.lockGrid(trx, caller.company_id, gridId);
    if (!found) throw notFound('Grid');
    const count = await repo.countBoxes(trx, gridId);
    const roomId = await repo.roomOfGrid(trx, gridId);
    await repo.deleteGrid(trx, caller.company_id, gridId);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'grid.deleted',
      entityType: 'grid',
      entityId: gridId,
      before: { ...toGrid(found), room_id: roomId, boxes: count },
    });
    return { grid: found, boxes: count };
  });
  await deleteFilesQuietly(deps.files, [grid.image_name, grid.image_thumb], deps.log);
  return { status: 'success' as const, message: gridsMessages.deleted, grid_id: gridId, boxes_deleted: boxes };
}

export async function uploadGridImage(deps: GridsDeps, caller: Caller, gridId: number, file: UploadedFile) {
  await requireGrid(deps, caller, gridId);
  const processed = await processImage(file, 'image', { maxBytes: deps.config.limits.fileBytes });
  const stored = await storeImage(deps.files, caller.company_id, `grids/${gridId}`, processed);
  const before = await deps.db
    .transaction()
    .execute(async (trx) => {
      const grid = await repo.lockGrid(trx, caller.company_id, gridId);
      if (!grid) throw notFound('Grid');
      await repo.setGridImage(trx, gridId, stored.imageKey, stored.thumbKey);
      await writeAudit(trx, {
        companyId: caller.company_id,
        userId: caller.user_id,
        action: 'grid.image_uploaded',
        entityType: 'grid',
        entityId: gridId,
        before: { ImageName: grid.image_name },
        after: { ImageName: stored.imageKey, width: processed.width, height: processed.height },
      });
      return grid;
    })
    .catch(async (err: unknown) => {
      await deleteFilesQuietly(deps.files, [stored.imageKey, stored.thumbKey], deps.log);
      throw err;
    });
  // The replaced background is no longer reachable from any row.
  await deleteFilesQuietly(deps.files, [before.image_name, before.image_thumb], deps.log);
  return {
    status: 'success' as const,
    message: gridsMessages.imageUploaded,
    GridID: gridId,
    ImageName: stored.imageKey,
    image_url: imageUrl(stored.imageKey),
    thumb_url: imageUrl(stored.thumbKey),
  };
}

export async function gridBackgrounds(deps: GridsDeps, caller: Caller, roomId: number) {
  await requireRoom(deps, caller, roomId);
  const rows = await repo.gridsOfRoom(deps.db, caller.company_id, roomId);
  return { status: 'success' as const, RoomID: roomId, grids: rows.map(toGridBackground) };
}

/** Culls or restores a box (grid_boxes' route, in its transaction after it locked and checked the box); answers the row. */
export function setBoxCulled({ db: trx }: TxDeps, boxId: number, culled: boolean, userId: number) {
  return repo.setBoxCulled(trx, boxId, culled, userId);
}

/** Names a box, or clears its name with null (grid_boxes' route, in its transaction); answers the row. */
export function setBoxName({ db: trx }: TxDeps, boxId: number, name: string | null) {
  return repo.setBoxName(trx, boxId, name);
}

/** The company's boxes among these ids with their status and colour, locked in id order (a bulk change, in its transaction). */
export function lockBoxLooks({ db: trx }: TxDeps, companyId: number, ids: number[]) {
  return repo.lockBoxLooks(trx, companyId, ids);
}

/** Sets boxes' status and colour (a bulk change or its undo, in its transaction, after lockBoxLooks). */
export function setBoxLooks({ db: trx }: TxDeps, companyId: number, looks: repo.BoxLook[]) {
  return repo.setBoxLooks(trx, companyId, looks);
}

/** The company's boxes of these grids, locked, with position and name, status and colour (a facility import or its undo). */
export function lockBoxFactsOfGrids({ db: trx }: TxDeps, companyId: number, gridIds: number[]) {
  return repo.lockBoxFactsOfGrids(trx, companyId, gridIds);
}

/** Sets boxes' name, status and colour (a facility import or its undo, in its transaction, after lockBoxFactsOfGrids). */
export function setBoxFacts({ db: trx }: TxDeps, companyId: number, facts: repo.BoxFacts[]) {
  return repo.setBoxFacts(trx, companyId, facts);
}

/** Deletes a grid (its boxes by cascade) in the caller's transaction, after it locked and checked it (a facility import's undo). */
export async function removeGrid({ db: trx }: TxDeps, caller: Caller, gridId: number, audit: string) {
  const found = await repo.lockGrid(trx, caller.company_id, gridId);
  if (!found) throw notFound('Grid');
  await repo.deleteGrid(trx, caller.company_id, gridId);
  await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: audit, entityType: 'grid', entityId: gridId, before: toGrid(found) });
}

/** Marks a grid scanned, for scouting in its transaction (after it locked and checked the grid). */
export function markGridScanned({ db: trx }: TxDeps, gridId: number, userId: number, at: Date) {
  return repo.setGridScanned(trx, gridId, userId, at);
}

/** Clears every scanned grid of the company, for scouting's reset in its transaction; answers how many were set. */
export function clearScannedGrids({ db: trx }: TxDeps, companyId: number) {
  return repo.clearScanned(trx, companyId);
}

/**
 * Deletes a room's grids in the room delete's transaction (after rooms locked the room); the rooms module calls it
 * through `onRoomDeleted`, registered by this module's index (rooms cannot import grids: grids check rooms).
 */
export function deleteGridsOfRoom({ db: trx }: TxDeps, companyId: number, roomId: number) {
  return repo.deleteGridsOfRoom(trx, companyId, roomId);
}

/** Sets a grid's physical cell size (issue 22; the register's treated area comes from it). Audited. */
export async function setGridCellSize(deps: Pick<GridsDeps, 'db'>, caller: Caller, gridId: number, cellAreaM2: number | null) {
  await deps.db.transaction().execute(async (trx) => {
    const found = await repo.lockGrid(trx, caller.company_id, gridId);
    if (!found) throw notFound('Grid');
    await repo.setCellArea(trx, gridId, cellAreaM2);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'grid.cell_size', entityType: 'grid', entityId: gridId,
      before: { cell_area_m2: found.cell_area_m2 }, after: { cell_area_m2: cellAreaM2 },
    });
  });
  return { status: 'success' as const, message: gridsMessages.cellSizeSet, grid_id: gridId, cell_area_m2: cellAreaM2 };
}
