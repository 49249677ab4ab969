import { gridBoxesMessages, type EndpointInput, type gridBoxesEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { changedOnServer, notFound } from '../../lib/errors.js';
import { requireGrid, setBoxCulled, setBoxName } from '../grids/index.js';
import * as repo from './grid-boxes.repository.js';
import { toCulledGridBox, toGridBox, toHistoryEntry, toNamedGridBox } from './grid-boxes.mapper.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof gridBoxesEndpoints> = EndpointInput<(typeof gridBoxesEndpoints)[K]>;

/**
 * Culls (or restores) a box. Who culled it is the signed-in caller: the request's `user_id` (checked to
 * be a user of the company) is not trusted for attribution.
 */
export async function updateCulling(deps: Deps, caller: Caller, input: Input<'updateCullingStatus'>) {
  const culled = input.culled === 1;
  const row = await deps.db.transaction().execute(async (trx) => {
    const box = await repo.lockGridBox(trx, caller.company_id, input.GridBoxID);
    if (!box) throw notFound('Grid box');
    if (box.culled === culled) return box;
    const updated = await setBoxCulled({ db: trx }, box.grid_box_id, culled, caller.user_id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: culled ? 'grid_box.culled' : 'grid_box.unculled',
      entityType: 'grid_box',
      entityId: box.grid_box_id,
      before: { culled: box.culled },
      after: { culled, culled_by: culled ? caller.user_id : null, GridID: box.grid_id },
    });
    return updated;
  });
  return { status: 'success' as const, message: culled ? gridBoxesMessages.culled : gridBoxesMessages.unculled, grid_box: toCulledGridBox(row) };
}

export async function culledGridBoxes(deps: Deps, caller: Caller, gridId: number) {
  await requireGrid(deps, caller, gridId);
  const rows = await repo.culledBoxes(deps.db, caller.company_id, gridId);
  return { status: 'success' as const, GridID: gridId, grid_boxes: rows.map(toCulledGridBox) };
}

/**
 * An empty name clears it (the box shows its position again). With `expected` (the name the user saw,
 * '' for none), a box renamed by someone else since then is not overwritten: 409 naming its name now.
 */
export async function renameGridBox(deps: Deps, caller: Caller, boxId: number, customName: string, expected?: string) {
  const name = customName === '' ? null : customName;
  const row = await deps.db.transaction().execute(async (trx) => {
    const box = await repo.lockGridBox(trx, caller.company_id, boxId);
    if (!box) throw notFound('Grid box');
    if (box.custom_name === name) return box;
    if (expected !== undefined && (box.custom_name ?? '') !== expected) {
      // The current name also travels as `Verdant-Current-Value` so the outbox can show it beside the user's.
      throw changedOnServer(
        box.custom_name ? gridBoxesMessages.renamedMeanwhile.replace('{name}', box.custom_name) : gridBoxesMessages.clearedMeanwhile,
        box.custom_name ?? '',
      );
    }
    const updated = await setBoxName({ db: trx }, boxId, name);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'grid_box.renamed',
      entityType: 'grid_box',
      entityId: boxId,
      before: { CustomName: box.custom_name },
      after: { CustomName: name, GridID: box.grid_id },
    });
    return updated;
  });
  return { status: 'success' as const, message: gridBoxesMessages.renamed, grid_box: toGridBox(row) };
}

export async function gridBoxNames(deps: Deps, caller: Caller, gridId: number) {
  await requireGrid(deps, caller, gridId);
  const rows = await repo.namedBoxes(deps.db, caller.company_id, gridId);
  return { status: 'success' as const, GridID: gridId, grid_boxes: rows.map(toNamedGridBox) };
}

/** 404 only for a box that is not the company's; a box with nothing recorded yet answers an empty list. */
export async function plantHistory(deps: Deps, caller: Caller, companyId: number, boxId: number) {
  assertOwnCompany(caller, companyId);
  const box = await repo.findGridBox(deps.db, companyId, boxId);
  if (!box) throw notFound('Grid box');
  const history = (await repo.boxHistory(deps.db, companyId, boxId)).map((r) => toHistoryEntry(r, boxId));
  const dates = [...new Set(history.map((h) => h.date))];
  return { status: 'success' as const, Grid_boxID: boxId, dates, history };
}
