import { Readable } from 'node:stream';
import {
  facilityRefusals as refusal, facilityTransferMessages as msg, utcDate, type EndpointInput, type FacilityImport, type FacilityPreview, type facilityTransferEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deleteFilesQuietly } from '../../lib/images/images.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { lockBoxFactsOfGrids, removeGrid, setBoxFacts } from '../grids/index.js';
import { removeRoom } from '../rooms/index.js';
import { FACILITY_WRITERS, readFacilityFile } from './facility-transfer.formats.js';
import { FacilityPlan, factsOf, walk, type Facts, type ImportHooks } from './facility-transfer.plan.js';
import { toFacilityImport } from './facility-transfer.mapper.js';
import * as repo from './facility-transfer.repository.js';

type Input<K extends keyof typeof facilityTransferEndpoints> = EndpointInput<(typeof facilityTransferEndpoints)[K]>;

/** Boxes read per page of an export: the body streams, the boxes are never all in memory. */
const EXPORT_PAGE = 5000;

/** The facility streamed, page by page of boxes, as CSV or GeoJSON. */
export function exportFacility({ db }: Deps, caller: Caller, input: Input<'exportFacility'>) {
  assertOwnCompany(caller, input.company_id);
  const writer = FACILITY_WRITERS[input.format];
  async function* body() {
    yield writer.head;
    let after: repo.LineKey | null = null;
    let first = true;
    for (;;) {
      const page = await repo.facilityPage(db, caller.company_id, after, EXPORT_PAGE);
      if (!page.length) break;
      let chunk = '';
      for (const l of page) {
        chunk += writer.line(l, first);
        first = false;
      }
      yield chunk;
      if (page.length < EXPORT_PAGE) break;
      after = page[page.length - 1]!;
    }
    yield writer.tail;
  }
  return {
    stream: Readable.from(body(), { objectMode: false }),
    contentType: writer.contentType,
    filename: `verdant-facility-${utcDate()}.${writer.extension}`,
  };
}

/**
 * Reads a facility file and answers what it would create, change and refuse; with dry_run that is all (nothing is
 * written), otherwise the same plan is made again in one transaction, chunk by chunk on the locked boxes, each chunk
 * written as it is planned (rooms and grids made at their first line), and recorded for its undo. Refused lines are
 * skipped; a file that cannot be read at all is a 400 naming `file` (one malformed deep in a GeoJSON file too:
 * the transaction then writes nothing).
 */
export async function importFacility(deps: Deps<'config'>, caller: Caller, input: Input<'importFacility'>, hooks: ImportHooks<FacilityAnswer> = {}) {
  assertOwnCompany(caller, input.company_id);
  const file = readFacilityFile(input.file);
  const fileName = input.file.filename.slice(0, 200) || `facility.${file.format}`;
  if (input.dry_run) {
    const p = new FacilityPlan(deps, caller, await repo.places(deps.db, caller.company_id), null);
    await walk(p, file.lines(), hooks.progress);
    return { status: 'success' as const, message: msg.previewed, preview: p.preview(file.format), import: null };
  }
  const done = await deps.db.transaction().execute(async (trx) => {
    // Imports take turns, and the boxes each chunk names are locked, so the plan holds until the import commits.
    await repo.lockCompanyForImport(trx, caller.company_id);
    await repo.startWrittenRecord(trx);
    const p = new FacilityPlan(deps, caller, await repo.places(trx, caller.company_id), trx);
    await walk(p, file.lines(), hooks.progress);
    const made = p.record();
    const row = await repo.insertImport(trx, {
      companyId: caller.company_id, userId: caller.user_id, format: file.format, fileName, rooms: made.rooms, grids: made.grids,
    });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'facility.imported', entityType: 'facility_import', entityId: row.import_id,
      after: { file_name: fileName, format: file.format, rooms_created: made.rooms.length, grids_created: made.grids.length, boxes_written: p.writtenCount, refused: p.refusedCount },
    });
    const answer = { preview: p.preview(file.format), import: toFacilityImport(row, p.writtenCount) };
    await hooks.finish?.(trx, answer);
    return answer;
  });
  return { status: 'success' as const, message: msg.imported, ...done };
}

/** What an import answers besides its message: the preview, and the import when applied. */
export type FacilityAnswer = { preview: FacilityPreview; import: FacilityImport | null };

export async function listImports({ db }: Deps, caller: Caller, companyId: number, limit: number) {
  assertOwnCompany(caller, companyId);
  const rows = await repo.listImports(db, caller.company_id, limit);
  return { status: 'success' as const, imports: rows.map((r) => toFacilityImport(r, r.boxes_written)) };
}

const same = (a: Facts, b: Facts) => a.custom_name === b.custom_name && a.status === b.status && a.color === b.color;

/**
 * Undoes a whole import in one transaction: boxes it changed get their values back, grids and rooms it made are
 * deleted. Refused (409, naming what) when a box it wrote holds other values now, when a grid it made was deleted or
 * observed on, or when a grid was added to a room it made: the undo would lose work done since.
 */
export async function undoImport(deps: Deps<'files' | 'log'>, caller: Caller, importId: number) {
  const { row, fileKeys, written } = await deps.db.transaction().execute(async (trx) => {
    await repo.lockCompanyForImport(trx, caller.company_id);
    const found = await repo.lockImport(trx, caller.company_id, importId);
    if (!found) throw notFound('Import');
    if (found.undone_at) throw conflict(msg.undoneAlready);
    const created = new Set(found.grids_created);
    const touched = [...new Set([...found.grids_created, ...found.boxes.map((b) => b.grid_id)])];
    const now = await lockBoxFactsOfGrids({ db: trx }, caller.company_id, touched);
    const present = new Set(now.map((b) => b.grid_id));
    for (const g of found.grids_created) if (!present.has(g)) throw conflict(refusal.changedSince(`Grid ${g}`));
    const current = new Map(now.map((b) => [b.grid_box_id, b]));
    for (const b of found.boxes) {
      const box = current.get(b.id);
      if (!box || !same(factsOf(box), b.after)) throw conflict(refusal.changedSince(`Grid box ${b.id}`));
    }
    for (const g of await repo.gridIdsInRooms(trx, caller.company_id, found.rooms_created)) {
      if (!created.has(g)) throw conflict(refusal.changedSince(`Grid ${g}`));
    }
    if (await repo.observedOn(trx, caller.company_id, found.grids_created)) throw conflict(refusal.observedSince);
    await setBoxFacts({ db: trx }, caller.company_id, found.boxes.filter((b) => !created.has(b.grid_id)).map((b) => ({ grid_box_id: b.id, ...b.before })));
    const inMadeRooms = new Set(await repo.gridIdsInRooms(trx, caller.company_id, found.rooms_created));
    for (const g of found.grids_created) if (!inMadeRooms.has(g)) await removeGrid({ db: trx }, caller, g, 'grid.import_undone');
    const keys: string[] = [];
    for (const r of found.rooms_created) keys.push(...(await removeRoom({ db: trx }, caller, r, 'room.import_undone')).fileKeys);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'facility.import_undone', entityType: 'facility_import', entityId: importId,
      before: { rooms_created: found.rooms_created.length, grids_created: found.grids_created.length, boxes_written: found.boxes.length },
    });
    return { row: await repo.markUndone(trx, caller.company_id, importId, caller.user_id, new Date()), fileKeys: keys, written: found.boxes.length };
  });
  await deleteFilesQuietly(deps.files, fileKeys, deps.log);
  return { status: 'success' as const, message: msg.undone, import: toFacilityImport(row, written) };
}
