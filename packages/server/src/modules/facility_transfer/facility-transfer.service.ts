import { Readable } from 'node:stream';
import {
  FACILITY_PREVIEW_LINES, facilityRefusals as refusal, facilityTransferMessages as msg, utcDate,
  type EndpointInput, type FacilityPreview, type FacilityPreviewLine, type facilityTransferEndpoints,
} from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB, ImportedBox } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deleteFilesQuietly } from '../../lib/images/images.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { addGridToRoom, lockBoxFactsOfGrids, removeGrid, setBoxFacts, type BoxFacts } from '../grids/index.js';
import { addRoom, removeRoom } from '../rooms/index.js';
import { FACILITY_WRITERS, readFacilityFile, type ImportLine, type ReadLine } from './facility-transfer.formats.js';
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

type Facts = Omit<BoxFacts, 'grid_box_id'>;
const factsOf = (l: ImportLine | Facts): Facts => ({ custom_name: l.custom_name, status: l.status, color: l.color });
const FACT_NAMES: [keyof Facts, string][] = [['custom_name', 'box_name'], ['status', 'status'], ['color', 'color']];
const differences = (before: Facts, after: Facts) =>
  FACT_NAMES.filter(([k]) => before[k] !== after[k]).map(([k, name]) => `${name}: ${before[k] ?? '—'} → ${after[k] ?? '—'}`);

type BoxRead = Facts & { grid_box_id: number; grid_id: number; x: number; y: number };

/** What an import does with each line, worked out against the company's facility as it is. */
interface Plan {
  format: 'csv' | 'geojson';
  read: number;
  rooms: string[];
  grids: { room: string; grid: string; columns: number; rows: number; key: string; roomId: number | null }[];
  /** Lines in grids the import makes: their boxes are written once the grid exists. */
  creates: (ImportLine & { key: string })[];
  changes: { line: ImportLine; box: BoxRead }[];
  unchanged: number;
  outcomes: FacilityPreviewLine[];
  refused: { line: number; reason: string }[];
}

/**
 * Works out what a file would do: rooms and grids are found by name (a room's grids within it), boxes by grid,
 * column and row. A line is refused (with its reason) when a field is bad, when it names a box an earlier line
 * named, when its grid exists with another size, or when a name is ambiguous; the other lines go ahead.
 * `boxes` reads the existing grids' boxes (locked when the import is applied).
 */
async function plan(db: repo.Db, caller: Caller, lines: ReadLine[], format: Plan['format'], boxes: (gridIds: number[]) => Promise<BoxRead[]>): Promise<Plan> {
  const { rooms, grids } = await repo.places(db, caller.company_id);
  const roomsByName = new Map<string, number[]>();
  for (const r of rooms) roomsByName.set(r.name, [...(roomsByName.get(r.name) ?? []), r.room_id]);
  const gridsByRoom = new Map<string, typeof grids>();
  for (const g of grids) {
    const k = `${g.room_id}\u0000${g.name}`;
    gridsByRoom.set(k, [...(gridsByRoom.get(k) ?? []), g]);
  }
  const result: Plan = { format, read: lines.length, rooms: [], grids: [], creates: [], changes: [], unchanged: 0, outcomes: [], refused: [] };
  const newGrids = new Map<string, { line: number; columns: number; rows: number }>();
  const seen = new Map<string, number>();
  const pending: { line: ImportLine; gridId: number; at: number }[] = [];
  const refuse = (l: { line: number; room: string; grid: string; column: number | null; row: number | null }, reason: string) => {
    result.outcomes.push({ line: l.line, action: 'refuse', room: l.room, grid: l.grid, column: l.column, row: l.row, detail: reason });
  };
  for (const l of lines) {
    if (!l.ok) {
      refuse(l, l.reason);
      continue;
    }
    const roomIds = roomsByName.get(l.room) ?? [];
    if (roomIds.length > 1) {
      refuse(l, refusal.ambiguousRoom(l.room, roomIds.length));
      continue;
    }
    const roomId = roomIds[0] ?? null;
    const found = roomId === null ? [] : (gridsByRoom.get(`${roomId}\u0000${l.grid}`) ?? []);
    if (found.length > 1) {
      refuse(l, refusal.ambiguousGrid(l.grid, found.length));
      continue;
    }
    const grid = found[0];
    const key = `${l.room}\u0000${l.grid}`;
    if (grid && (grid.nx !== l.columns || grid.ny !== l.rows)) {
      refuse(l, refusal.otherSize(l.grid, grid.nx, grid.ny, 'here'));
      continue;
    }
    const made = newGrids.get(key);
    if (!grid && made && (made.columns !== l.columns || made.rows !== l.rows)) {
      refuse(l, refusal.otherSize(l.grid, made.columns, made.rows, `on line ${made.line}`));
      continue;
    }
    const boxKey = `${key}\u0000${l.column}\u0000${l.row}`;
    const earlier = seen.get(boxKey);
    if (earlier !== undefined) {
      refuse(l, refusal.sameBox(earlier));
      continue;
    }
    seen.set(boxKey, l.line);
    if (grid) {
      result.outcomes.push({ line: l.line, action: 'change', room: l.room, grid: l.grid, column: l.column, row: l.row, detail: '' });
      pending.push({ line: l, gridId: grid.grid_id, at: result.outcomes.length - 1 });
      continue;
    }
    if (roomId === null && !result.rooms.includes(l.room)) result.rooms.push(l.room);
    if (!made) {
      newGrids.set(key, { line: l.line, columns: l.columns, rows: l.rows });
      result.grids.push({ room: l.room, grid: l.grid, columns: l.columns, rows: l.rows, key, roomId });
    }
    result.creates.push({ ...l, key });
    const facts = differences({ custom_name: null, status: null, color: null }, factsOf(l));
    result.outcomes.push({ line: l.line, action: 'create', room: l.room, grid: l.grid, column: l.column, row: l.row, detail: facts.join('; ') });
  }
  const existing = new Map((await boxes([...new Set(pending.map((p) => p.gridId))])).map((b) => [`${b.grid_id}:${b.x}:${b.y}`, b]));
  const dropped = new Set<number>();
  for (const p of pending) {
    const box = existing.get(`${p.gridId}:${p.line.column}:${p.line.row}`)!;
    const diff = differences(factsOf(box), factsOf(p.line));
    if (diff.length) {
      result.changes.push({ line: p.line, box });
      result.outcomes[p.at]!.detail = diff.join('; ');
    } else {
      result.unchanged++;
      dropped.add(p.at);
    }
  }
  result.outcomes = result.outcomes.filter((_, i) => !dropped.has(i));
  result.refused = result.outcomes.filter((o) => o.action === 'refuse').map((o) => ({ line: o.line, reason: o.detail }));
  return result;
}

function toPreview(p: Plan): FacilityPreview {
  const kinds = { create: 0, change: 0, refuse: 0 };
  let truncated = false;
  const lines = p.outcomes.filter((o) => {
    if (kinds[o.action] >= FACILITY_PREVIEW_LINES) {
      truncated = true;
      return false;
    }
    kinds[o.action]++;
    return true;
  });
  return {
    format: p.format,
    lines_read: p.read,
    create: {
      rooms: p.rooms,
      grids: p.grids.map(({ room, grid, columns, rows }) => ({ room, grid, columns, rows })),
      boxes: p.grids.reduce((n, g) => n + g.columns * g.rows, 0),
    },
    change: p.changes.length,
    unchanged: p.unchanged,
    refused: p.refused.length,
    lines,
    refuse: p.refused.slice(0, FACILITY_PREVIEW_LINES),
    truncated,
  };
}

/** Writes a plan in the caller's transaction through the owners of rooms, grids and boxes; answers the import's record. */
async function apply(deps: Deps<'config'>, trx: Transaction<DB>, caller: Caller, p: Plan, fileName: string) {
  const roomIds = new Map<string, number>();
  for (const name of p.rooms) roomIds.set(name, (await addRoom({ db: trx }, caller, { name }, 'room.imported')).room_id);
  const gridIds = new Map<string, number>();
  for (const g of p.grids) {
    const row = await addGridToRoom(
      { db: trx }, caller,
      { roomId: g.roomId ?? roomIds.get(g.room)!, name: g.grid, nx: g.columns, ny: g.rows },
      { limits: deps.config.boxLimits, field: 'file' },
      { action: 'grid.imported' },
    );
    gridIds.set(g.key, row.grid_id);
  }
  const made = new Map((await lockBoxFactsOfGrids({ db: trx }, caller.company_id, [...gridIds.values()])).map((b) => [`${b.grid_id}:${b.x}:${b.y}`, b]));
  const written: ImportedBox[] = [];
  for (const l of p.creates) {
    const box = made.get(`${gridIds.get(l.key)}:${l.column}:${l.row}`)!;
    const after = factsOf(l);
    if (differences(factsOf(box), after).length) written.push({ id: box.grid_box_id, grid_id: box.grid_id, before: factsOf(box), after });
  }
  for (const c of p.changes) written.push({ id: c.box.grid_box_id, grid_id: c.box.grid_id, before: factsOf(c.box), after: factsOf(c.line) });
  await setBoxFacts({ db: trx }, caller.company_id, written.map((w) => ({ grid_box_id: w.id, ...w.after })));
  const row = await repo.insertImport(trx, {
    companyId: caller.company_id, userId: caller.user_id, format: p.format, fileName,
    rooms: [...roomIds.values()], grids: [...gridIds.values()], boxes: written,
  });
  await writeAudit(trx, {
    companyId: caller.company_id, userId: caller.user_id, action: 'facility.imported', entityType: 'facility_import', entityId: row.import_id,
    after: { file_name: fileName, format: p.format, rooms_created: row.rooms_created.length, grids_created: row.grids_created.length, boxes_written: written.length, refused: p.refused.length },
  });
  return toFacilityImport(row, written.length);
}

/**
 * Reads a facility file and answers what it would create, change and refuse; with dry_run that is all (nothing is
 * written), otherwise the same plan is worked out again in one transaction on the locked boxes and applied, and
 * recorded for its undo. Refused lines are skipped; a file that cannot be read at all is a 400 naming `file`.
 */
export async function importFacility(deps: Deps<'config'>, caller: Caller, input: Input<'importFacility'>) {
  assertOwnCompany(caller, input.company_id);
  const file = readFacilityFile(input.file);
  const fileName = input.file.filename.slice(0, 200) || `facility.${file.format}`;
  if (input.dry_run) {
    const p = await plan(deps.db, caller, file.lines, file.format, (ids) => repo.boxesOfGrids(deps.db, caller.company_id, ids));
    return { status: 'success' as const, message: msg.previewed, preview: toPreview(p), import: null };
  }
  const done = await deps.db.transaction().execute(async (trx) => {
    // Imports take turns, and the boxes of the grids it names are locked, so the plan holds until the import commits.
    await repo.lockCompanyForImport(trx, caller.company_id);
    const p = await plan(trx, caller, file.lines, file.format, (ids) => lockBoxFactsOfGrids({ db: trx }, caller.company_id, ids));
    return { p, row: await apply(deps, trx, caller, p, fileName) };
  });
  return { status: 'success' as const, message: msg.imported, preview: toPreview(done.p), import: done.row };
}

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
