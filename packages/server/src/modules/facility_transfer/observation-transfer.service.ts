import { Readable } from 'node:stream';
import {
  OBSERVATION_PREVIEW_LINES, facilityRefusals, observationsMessages, observationRefusals as refusal, observationTransferMessages as msg, facilityTransferMessages as fmsg, utcDate,
  type EndpointInput, type ObservationPreview, type ObservationPreviewLine, type facilityTransferEndpoints,
} from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB, ImportedObservation } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { problemMatcher } from '../observations/observations.service.js';
import {
  deleteImportedObservations, insertImportedObservations, lockTransferred, observationsAt, setTransferredFacts,
  type ImportedObservationRow, type TransferredFacts,
} from '../observations/observations.transfer.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { inChunks, type ImportHooks } from './facility-transfer.plan.js';
import * as facilityRepo from './facility-transfer.repository.js';
import { OBSERVATION_WRITERS, readObservationFile, type ObservationLine, type ReadObservation } from './observation-transfer.formats.js';
import { ObservationLines, type PlaceKind } from './observation-lines.js';
import * as repo from './observation-transfer.repository.js';

type Input<K extends keyof typeof facilityTransferEndpoints> = EndpointInput<(typeof facilityTransferEndpoints)[K]>;

/** Observations read per page of an export (the body streams; they are never all in memory). */
const EXPORT_PAGE = 5000;

/** The observations streamed, page by page, as CSV or GeoJSON, filtered as the observation list filters them. */
export async function exportObservations({ db }: Deps, caller: Caller, input: Input<'exportObservations'>) {
  assertOwnCompany(caller, input.company_id);
  if (input.start_date && input.end_date && input.start_date > input.end_date) throw badRequest(observationsMessages.dateOrder, 'start_date');
  let roomGridIds: number[] | undefined;
  if (input.room_id !== undefined) {
    const room = await repo.roomOf(db, caller.company_id, input.room_id);
    if (!room) throw notFound('Room');
    roomGridIds = room.gridIds;
  }
  const filter: repo.ExportFilter = { roomId: input.room_id, roomGridIds, startDate: input.start_date, endDate: input.end_date };
  const writer = OBSERVATION_WRITERS[input.format];
  async function* body() {
    yield writer.head;
    let after: { at: string; id: number } | null = null;
    let first = true;
    for (;;) {
      const page = await repo.observationPage(db, caller.company_id, filter, after, EXPORT_PAGE);
      let chunk = '';
      for (const o of page) {
        chunk += writer.line(o, first);
        first = false;
      }
      if (chunk) yield chunk;
      if (page.length < EXPORT_PAGE) break;
      const last = page[page.length - 1]!;
      after = { at: last.at_key, id: last.observation_id };
    }
    yield writer.tail;
  }
  return {
    stream: Readable.from(body(), { objectMode: false }),
    contentType: writer.contentType,
    filename: `verdant-observations-${utcDate()}.${writer.extension}`,
  };
}

const FACTS: (keyof TransferredFacts)[] = ['severity', 'status', 'notes'];
const factsOf = (o: TransferredFacts): TransferredFacts => ({ severity: o.severity, status: o.status, notes: o.notes });
const differences = (before: TransferredFacts, after: TransferredFacts) =>
  FACTS.filter((k) => before[k] !== after[k]).map((k) => `${k}: ${before[k] ?? '—'} → ${after[k] ?? '—'}`);
/** Where an observation is, as a key: its box, else its grid, else its room, else nowhere. */
const placeKey = (roomId: number | null, gridId: number | null, boxId: number | null) =>
  boxId !== null ? `b${boxId}` : gridId !== null ? `g${gridId}` : roomId !== null ? `r${roomId}` : '-';
/** The same place as a kind and an id, for ObservationLines. */
const placeOf = (roomId: number | null, gridId: number | null, boxId: number | null): [PlaceKind, number] =>
  boxId !== null ? ['box', boxId] : gridId !== null ? ['grid', gridId] : roomId !== null ? ['room', roomId] : ['nowhere', 0];
const keyOf = (place: string, problem: string, at: Date) => `${place}\u0000${problem.toLowerCase()}\u0000${at.getTime()}`;

/** The running outcome of an import: counts, the lines shown (at most OBSERVATION_PREVIEW_LINES of each kind), what was written. */
class Tally {
  counts = { create: 0, change: 0, refuse: 0 };
  unchanged = 0;
  read = 0;
  lines: ObservationPreviewLine[] = [];
  truncated = false;
  created: number[] = [];
  changed: ImportedObservation[] = [];

  add(l: { line: number; room: string | null; grid: string | null; column: number | null; row: number | null; problem: string; observed_at: Date | string }, action: ObservationPreviewLine['action'], detail: string) {
    this.counts[action]++;
    if (this.counts[action] > OBSERVATION_PREVIEW_LINES) {
      this.truncated = true;
      return;
    }
    const at = l.observed_at instanceof Date ? l.observed_at.toISOString() : l.observed_at;
    this.lines.push({ line: l.line, action, room: l.room ?? '', grid: l.grid ?? '', column: l.column, row: l.row, problem: l.problem, observed_at: at, detail });
  }

  preview(format: 'csv' | 'geojson'): ObservationPreview {
    return {
      format, lines_read: this.read, create: this.counts.create, change: this.counts.change, unchanged: this.unchanged, refused: this.counts.refuse,
      lines: this.lines.sort((a, b) => a.line - b.line), truncated: this.truncated,
    };
  }
}

type Places = Awaited<ReturnType<typeof facilityRepo.places>>;

/** The company's rooms by name, and each room's grids by name (an import is planned against them). */
function placeIndex({ rooms, grids }: Places) {
  const roomsByName = new Map<string, number[]>();
  for (const r of rooms) roomsByName.set(r.name, [...(roomsByName.get(r.name) ?? []), r.room_id]);
  const gridsByRoom = new Map<string, number[]>();
  for (const g of grids) {
    const k = `${g.room_id}\u0000${g.name}`;
    gridsByRoom.set(k, [...(gridsByRoom.get(k) ?? []), g.grid_id]);
  }
  return { roomsByName, gridsByRoom };
}

interface Run {
  deps: Deps;
  caller: Caller;
  index: ReturnType<typeof placeIndex>;
  /** The line that named each observation first. */
  seen: ObservationLines;
  tally: Tally;
  /** Set when the import is applied: the chunk's writes are made in its transaction, on locked rows. */
  write: { at: Date; trx: Transaction<DB> } | null;
}

/** Plans one chunk of lines against the company as it is and, when applying, writes it; the tally keeps the outcome. */
async function chunk(run: Run, lines: ReadObservation[]) {
  const { tally, caller, index } = run;
  const companyId = caller.company_id;
  const placed: { l: ObservationLine; roomId: number | null; gridId: number | null }[] = [];
  for (const l of lines) {
    tally.read++;
    if (!l.ok) {
      tally.add(l, 'refuse', l.reason);
      continue;
    }
    let roomId: number | null = null;
    let gridId: number | null = null;
    if (l.room !== null) {
      const ids = index.roomsByName.get(l.room) ?? [];
      if (ids.length !== 1) {
        tally.add(l, 'refuse', ids.length ? facilityRefusals.ambiguousRoom(l.room, ids.length) : refusal.noRoom(l.room));
        continue;
      }
      roomId = ids[0]!;
      if (l.grid !== null) {
        const grids = index.gridsByRoom.get(`${roomId}\u0000${l.grid}`) ?? [];
        if (grids.length !== 1) {
          tally.add(l, 'refuse', grids.length ? facilityRefusals.ambiguousGrid(l.grid, grids.length) : refusal.noGrid(l.grid));
          continue;
        }
        gridId = grids[0]!;
      }
    }
    placed.push({ l, roomId, gridId });
  }
  const inBoxes = placed.filter((p) => p.gridId !== null && p.l.column !== null && p.l.row !== null);
  const boxes = await repo.boxesAt(run.deps.db, companyId, inBoxes.map((p) => ({ gridId: p.gridId!, x: p.l.column!, y: p.l.row! })));
  const boxAt = new Map(boxes.map((b) => [`${b.grid_id}:${b.x}:${b.y}`, b.grid_box_id]));
  const match = await problemMatcher(run.deps, companyId, [...new Set(placed.map((p) => p.l.problem))]);
  const existing = new Map<string, Awaited<ReturnType<typeof observationsAt>>[number]>();
  const instants = [...new Map(placed.map((p) => [p.l.observed_at.getTime(), p.l.observed_at])).values()];
  for (const o of await observationsAt(run.deps, companyId, instants, run.write !== null)) {
    const k = keyOf(placeKey(o.room_id, o.grid_id, o.grid_box_id), o.problem, o.observed_at);
    if (!existing.has(k)) existing.set(k, o);
  }
  const creates: ImportedObservationRow[] = [];
  const changes: ImportedObservation[] = [];
  for (const { l, roomId, gridId } of placed) {
    const inBox = gridId !== null && l.column !== null && l.row !== null;
    const boxId = inBox ? (boxAt.get(`${gridId}:${l.column}:${l.row}`) ?? null) : null;
    if (inBox && boxId === null) {
      tally.add(l, 'refuse', refusal.noBox(l.column!, l.row!));
      continue;
    }
    const problem = match(l.problem);
    const name = problem?.name ?? l.problem;
    const key = keyOf(placeKey(roomId, gridId, boxId), name, l.observed_at);
    const [kind, placeId] = placeOf(roomId, gridId, boxId);
    const earlier = run.seen.get(kind, placeId, name, l.observed_at.getTime());
    if (earlier !== undefined) {
      tally.add(l, 'refuse', refusal.sameObservation(earlier));
      continue;
    }
    run.seen.set(kind, placeId, name, l.observed_at.getTime(), l.line);
    const after = factsOf(l);
    const found = existing.get(key);
    if (!found) {
      creates.push({ room_id: roomId, grid_id: gridId, grid_box_id: boxId, problem: name, problem_id: problem?.problem_id ?? null, observed_at: l.observed_at, ...after });
      tally.add(l, 'create', differences({ severity: null, status: 'open', notes: null }, after).join('; '));
      continue;
    }
    const diff = differences(factsOf(found), after);
    if (!diff.length) {
      tally.unchanged++;
      continue;
    }
    changes.push({ id: found.observation_id, before: factsOf(found), after });
    tally.add(l, 'change', diff.join('; '));
  }
  if (!run.write) return;
  const trx = { db: run.write.trx };
  tally.created.push(...(await insertImportedObservations(trx, companyId, caller.user_id, run.write.at, creates)));
  await setTransferredFacts(trx, companyId, caller.user_id, run.write.at, changes.map((c) => ({ id: c.id, ...c.after })));
  tally.changed.push(...changes);
}

const toImport = (r: Pick<repo.ObservationImportRow, 'import_id' | 'format' | 'file_name' | 'created_at' | 'undone_at'>, created: number, changed: number) => ({
  import_id: r.import_id, format: r.format, file_name: r.file_name, created: Number(created), changed: Number(changed),
  created_at: iso(r.created_at), undone_at: isoOrNull(r.undone_at),
});

/**
 * Reads an observations file and answers what it would create, change and refuse; with dry_run that is all, otherwise
 * the same plan is made again chunk by chunk in one transaction, on the locked observations, and written as it goes
 * (all or nothing), recorded for its undo. A place is found by room, grid and box names as the facility export
 * writes them; an observation is the same one when its place, problem and instant are.
 */
export async function importObservations(deps: Deps, caller: Caller, input: Input<'importObservations'>, hooks: ImportHooks<ObservationAnswer> = {}) {
  assertOwnCompany(caller, input.company_id);
  const file = readObservationFile(input.file, Date.now());
  const fileName = input.file.filename.slice(0, 200) || `observations.${file.format}`;
  const fresh = (d: Deps, places: Places, write: Run['write']): Run => ({ deps: d, caller, index: placeIndex(places), seen: new ObservationLines(), tally: new Tally(), write });
  if (input.dry_run) {
    const run = fresh(deps, await facilityRepo.places(deps.db, caller.company_id), null);
    await inChunks(file.lines(), (b) => chunk(run, b), hooks.progress);
    return { status: 'success' as const, message: msg.previewed, preview: run.tally.preview(file.format), import: null };
  }
  const done = await deps.db.transaction().execute(async (trx) => {
    // Imports of a company take turns (the facility's lock): two imports of one file make its observations once.
    await facilityRepo.lockCompanyForImport(trx, caller.company_id);
    const run = fresh({ db: trx }, await facilityRepo.places(trx, caller.company_id), { at: new Date(), trx });
    await inChunks(file.lines(), (b) => chunk(run, b), hooks.progress);
    const { tally } = run;
    const row = await repo.insertImport(trx, { companyId: caller.company_id, userId: caller.user_id, format: file.format, fileName, created: tally.created, changed: tally.changed });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'observations.imported', entityType: 'observation_import', entityId: row.import_id,
      after: { file_name: fileName, format: file.format, created: tally.created.length, changed: tally.changed.length, refused: tally.counts.refuse },
    });
    const answer = { preview: tally.preview(file.format), import: toImport(row, tally.created.length, tally.changed.length) };
    await hooks.finish?.(trx, answer);
    return answer;
  });
  return { status: 'success' as const, message: msg.imported, ...done };
}

/** What an observations import answers besides its message: the preview, and the import when applied. */
export type ObservationAnswer = { preview: ObservationPreview; import: ReturnType<typeof toImport> | null };

export async function listImports({ db }: Deps, caller: Caller, companyId: number, limit: number) {
  assertOwnCompany(caller, companyId);
  const rows = await repo.listImports(db, caller.company_id, limit);
  return { status: 'success' as const, imports: rows.map((r) => toImport(r, r.created, r.changed)) };
}

const same = (a: TransferredFacts, b: TransferredFacts) => a.severity === b.severity && a.status === b.status && a.notes === b.notes;

/**
 * Undoes a whole import in one transaction: the observations it created are deleted, those it changed get their
 * facts back. Refused (409, naming which) when one it wrote holds other facts now, was deleted, was acted on
 * (resolved, reopened: an action recorded) or is a treatment's target: the undo would lose work done since.
 */
export async function undoImport(deps: Deps, caller: Caller, importId: number) {
  return deps.db.transaction().execute(async (trx) => {
    await facilityRepo.lockCompanyForImport(trx, caller.company_id);
    const found = await repo.lockImport(trx, caller.company_id, importId);
    if (!found) throw notFound('Import');
    if (found.undone_at) throw conflict(fmsg.undoneAlready);
    const tx = { db: trx };
    const ids = [...found.created_ids, ...found.changed.map((c) => c.id)];
    const now = new Map((await lockTransferred(tx, caller.company_id, ids)).map((o) => [o.observation_id, o]));
    for (const id of found.created_ids) if (!now.has(id)) throw conflict(refusal.changedSince(`Observation ${id}`));
    for (const c of found.changed) {
      const o = now.get(c.id);
      if (!o || !same(factsOf(o), c.after)) throw conflict(refusal.changedSince(`Observation ${c.id}`));
    }
    const used = await repo.actedOn(trx, caller.company_id, found.created_ids);
    if (used !== null) throw conflict(refusal.usedSince(`Observation ${used}`));
    const at = new Date();
    await setTransferredFacts(tx, caller.company_id, caller.user_id, at, found.changed.map((c) => ({ id: c.id, ...c.before })));
    await deleteImportedObservations(tx, caller.company_id, found.created_ids);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'observations.import_undone', entityType: 'observation_import', entityId: importId,
      before: { created: found.created_ids.length, changed: found.changed.length },
    });
    const row = await repo.markUndone(trx, caller.company_id, importId, caller.user_id, at);
    return { status: 'success' as const, message: msg.undone, import: toImport(row, found.created_ids.length, found.changed.length) };
  });
}
