import { subGridboxesAnswerOf, type OfflineGridSubBoxes, type SubGridboxesAnswer } from '@verdant/contract';
import { readAnswer } from '../offline/answer-cache';
import type { OfflineDatabase } from '../offline/db';

/**
 * The offline fill keeps a room's sub-boxes in columns, one copy per grid (issue 19: one copy per box was
 * 4,000 IndexedDB rows and 26 MB of JSON a room). A box's list is rebuilt out of its grid's copy when the box
 * has no copy of its own — the fill drops those it replaces, so one that is there was read after the fill.
 */
export const gridSubBoxesKey = (companyId: number, gridId: number) => ['offline-fill', companyId, 'grid-sub-boxes', gridId] as const;

/** A box's GET /get_sub_gridboxes answer out of its grid's copy from the last fill, if the device has one. */
export async function filledSubBoxes(
  companyId: number,
  gridId: number,
  boxId: number,
  database?: OfflineDatabase,
): Promise<SubGridboxesAnswer | undefined> {
  const copy = await readAnswer<OfflineGridSubBoxes>(companyId, gridSubBoxesKey(companyId, gridId), database).catch(() => undefined);
  return copy ? subGridboxesAnswerOf(copy.value, boxId) : undefined;
}
