import { FACILITY_PREVIEW_LINES, facilityRefusals as refusal, type FacilityPreview, type FacilityPreviewLine } from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB, ImportedBox } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { addGridToRoom, setBoxFacts, type BoxFacts } from '../grids/index.js';
import { addRoom } from '../rooms/index.js';
import type { ImportLine, ReadLine } from './facility-transfer.formats.js';
import * as repo from './facility-transfer.repository.js';

/**
 * A facility import planned — and, when applying, written — chunk by chunk (issue 25, flat memory): at most
 * IMPORT_CHUNK lines are read, planned and written at once; what stays for the whole file is small (the company's
 * room and grid names, the grids the file makes, one 4-byte cell per box of the grids it names, the counts and at most
 * FACILITY_PREVIEW_LINES lines of each kind for the preview). docs/decisions.md, "Facility round trip".
 */
export const IMPORT_CHUNK = 1000;
/** Boxes whose lines are kept in typed arrays (16 MB); past it, in maps (more per box, but only the boxes named). */
const DENSE_CELLS_MAX = 4_000_000;

export type Facts = Omit<BoxFacts, 'grid_box_id'>;
export const factsOf = (l: Facts): Facts => ({ custom_name: l.custom_name, status: l.status, color: l.color });
const FACT_NAMES: [keyof Facts, string][] = [['custom_name', 'box_name'], ['status', 'status'], ['color', 'color']];
export const differences = (before: Facts, after: Facts) =>
  FACT_NAMES.filter(([k]) => before[k] !== after[k]).map(([k, name]) => `${name}: ${before[k] ?? '—'} → ${after[k] ?? '—'}`);
const NO_FACTS: Facts = { custom_name: null, status: null, color: null };

interface NewGrid {
  /** The grid's number among those the file makes (its boxes' keys use it). */
  n: number;
  line: number;
  room: string;
  grid: string;
  columns: number;
  rows: number;
  roomId: number | null;
  /** Set once the apply made it. */
  gridId: number | null;
}

export class FacilityPlan {
  private roomsByName = new Map<string, number[]>();
  private gridsByRoom = new Map<string, { grid_id: number; nx: number; ny: number }[]>();
  private newRooms: string[] = [];
  private madeRooms = new Map<string, number>();
  private newGrids = new Map<string, NewGrid>();
  /**
   * The line that named each box so far, per grid (`g<grid id>` or `n<new grid>`): one 4-byte cell per box of a grid
   * the file names (0: not yet), so what this keeps grows with those grids, not with the file's lines. A file naming
   * grids of more than DENSE_CELLS_MAX boxes in all (a preview is not held back by box limits) gets a map for the rest.
   */
  private seen = new Map<string, Int32Array | Map<number, number>>();
  private denseCells = 0;
  private kinds = { create: 0, change: 0, refuse: 0 };
  private lines: FacilityPreviewLine[] = [];
  private refusals: { line: number; reason: string }[] = [];
  private truncated = false;
  private read = 0;
  private changed = 0;
  private unchanged = 0;
  writtenCount = 0;

  constructor(
    private readonly deps: Deps<'config'>,
    private readonly caller: Caller,
    places: Awaited<ReturnType<typeof repo.places>>,
    /** The import's transaction when applying; null for a preview. */
    private readonly trx: Transaction<DB> | null,
  ) {
    for (const r of places.rooms) this.roomsByName.set(r.name, [...(this.roomsByName.get(r.name) ?? []), r.room_id]);
    for (const g of places.grids) {
      const k = `${g.room_id}\u0000${g.name}`;
      this.gridsByRoom.set(k, [...(this.gridsByRoom.get(k) ?? []), g]);
    }
  }

  private add(l: { line: number; room: string; grid: string; column: number | null; row: number | null }, action: FacilityPreviewLine['action'], detail: string) {
    this.kinds[action]++;
    if (this.kinds[action] > FACILITY_PREVIEW_LINES) {
      this.truncated = true;
      return;
    }
    this.lines.push({ line: l.line, action, room: l.room, grid: l.grid, column: l.column, row: l.row, detail });
    if (action === 'refuse') this.refusals.push({ line: l.line, reason: detail });
  }

  /** Plans one chunk (and writes it when applying): each line is refused, or names a box of a grid that is there or that the file makes. */
  async chunk(chunk: ReadLine[]) {
    const there: { l: ImportLine; gridId: number }[] = [];
    const made: { l: ImportLine; grid: NewGrid }[] = [];
    for (const l of chunk) {
      this.read++;
      if (!l.ok) {
        this.add(l, 'refuse', l.reason);
        continue;
      }
      const roomIds = this.roomsByName.get(l.room) ?? [];
      if (roomIds.length > 1) {
        this.add(l, 'refuse', refusal.ambiguousRoom(l.room, roomIds.length));
        continue;
      }
      const roomId = roomIds[0] ?? null;
      const found = roomId === null ? [] : (this.gridsByRoom.get(`${roomId}\u0000${l.grid}`) ?? []);
      if (found.length > 1) {
        this.add(l, 'refuse', refusal.ambiguousGrid(l.grid, found.length));
        continue;
      }
      const grid = found[0];
      if (grid && (grid.nx !== l.columns || grid.ny !== l.rows)) {
        this.add(l, 'refuse', refusal.otherSize(l.grid, grid.nx, grid.ny, 'here'));
        continue;
      }
      const key = `${l.room}\u0000${l.grid}`;
      const planned = grid ? undefined : this.newGrids.get(key);
      if (planned && (planned.columns !== l.columns || planned.rows !== l.rows)) {
        this.add(l, 'refuse', refusal.otherSize(l.grid, planned.columns, planned.rows, `on line ${planned.line}`));
        continue;
      }
      const newGrid = grid ? null : (planned ?? { n: this.newGrids.size, line: l.line, room: l.room, grid: l.grid, columns: l.columns, rows: l.rows, roomId, gridId: null });
      const gridKey = grid ? `g${grid.grid_id}` : `n${newGrid!.n}`;
      let lines = this.seen.get(gridKey);
      if (!lines) {
        const cells = l.columns * l.rows;
        lines = this.denseCells + cells <= DENSE_CELLS_MAX ? new Int32Array(cells) : new Map<number, number>();
        if (lines instanceof Int32Array) this.denseCells += cells;
        this.seen.set(gridKey, lines);
      }
      const cell = (l.row - 1) * l.columns + (l.column - 1);
      const earlier = lines instanceof Int32Array ? lines[cell] : lines.get(cell);
      if (earlier) {
        this.add(l, 'refuse', refusal.sameBox(earlier));
        continue;
      }
      if (lines instanceof Int32Array) lines[cell] = l.line;
      else lines.set(cell, l.line);
      if (grid) {
        there.push({ l, gridId: grid.grid_id });
        continue;
      }
      if (!planned) {
        this.newGrids.set(key, newGrid!);
        if (roomId === null && !this.newRooms.includes(l.room)) this.newRooms.push(l.room);
      }
      made.push({ l, grid: newGrid! });
      this.add(l, 'create', differences(NO_FACTS, factsOf(l)).join('; '));
    }
    if (this.trx) for (const { grid } of made) if (grid.gridId === null) await this.make(this.trx, grid);
    const places = [...there.map((t) => ({ gridId: t.gridId, x: t.l.column, y: t.l.row })), ...(this.trx ? made.map((m) => ({ gridId: m.grid.gridId!, x: m.l.column, y: m.l.row })) : [])];
    const boxes = new Map((await repo.boxFactsAt(this.trx ?? this.deps.db, this.caller.company_id, places, this.trx !== null)).map((b) => [`${b.grid_id}:${b.x}:${b.y}`, b]));
    const writes: BoxFacts[] = [];
    // The undo's record of this chunk: kept in the database (repo.recordWritten), never for the whole file here.
    const written: ImportedBox[] = [];
    const write = (box: repo.BoxAt, after: Facts) => {
      writes.push({ grid_box_id: box.grid_box_id, ...after });
      written.push({ id: box.grid_box_id, grid_id: box.grid_id, before: factsOf(box), after });
    };
    for (const { l, gridId } of there) {
      const box = boxes.get(`${gridId}:${l.column}:${l.row}`)!;
      const diff = differences(factsOf(box), factsOf(l));
      if (!diff.length) {
        this.unchanged++;
        continue;
      }
      this.changed++;
      this.add(l, 'change', diff.join('; '));
      write(box, factsOf(l));
    }
    if (!this.trx) return;
    for (const { l, grid } of made) {
      const box = boxes.get(`${grid.gridId}:${l.column}:${l.row}`)!;
      if (differences(factsOf(box), factsOf(l)).length) write(box, factsOf(l));
    }
    await setBoxFacts({ db: this.trx }, this.caller.company_id, writes);
    await repo.recordWritten(this.trx, written);
    this.writtenCount += writes.length;
  }

  /** Makes a grid the file names (and its room, the first time), through their owners. */
  private async make(trx: Transaction<DB>, g: NewGrid) {
    let roomId = g.roomId ?? this.madeRooms.get(g.room);
    if (roomId === undefined) {
      roomId = (await addRoom({ db: trx }, this.caller, { name: g.room }, 'room.imported')).room_id;
      this.madeRooms.set(g.room, roomId);
    }
    const row = await addGridToRoom(
      { db: trx }, this.caller,
      { roomId, name: g.grid, nx: g.columns, ny: g.rows },
      { limits: this.deps.config.boxLimits, field: 'file' },
      { action: 'grid.imported' },
    );
    g.gridId = row.grid_id;
  }

  /** What was made, for the import's record: room and grid ids (the boxes written are recorded in the database as they go). */
  record() {
    return {
      rooms: [...this.madeRooms.values()],
      grids: [...this.newGrids.values()].map((g) => g.gridId!).filter((id) => id !== null),
    };
  }

  preview(format: 'csv' | 'geojson'): FacilityPreview {
    const grids = [...this.newGrids.values()];
    return {
      format,
      lines_read: this.read,
      create: {
        rooms: this.newRooms,
        grids: grids.map(({ room, grid, columns, rows }) => ({ room, grid, columns, rows })),
        boxes: grids.reduce((n, g) => n + g.columns * g.rows, 0),
      },
      change: this.changed,
      unchanged: this.unchanged,
      refused: this.kinds.refuse,
      lines: [...this.lines].sort((a, b) => a.line - b.line),
      refuse: this.refusals,
      truncated: this.truncated,
    };
  }

  get refusedCount() {
    return this.kinds.refuse;
  }
}

/**
 * How an import reports on itself (an import job, facility-transfer.jobs.ts): `progress` after each chunk with the
 * lines read so far; `finish` inside the applying transaction with the answer, so what it records commits with it.
 */
export interface ImportHooks<A> {
  progress?: (linesRead: number) => void;
  finish?: (trx: Transaction<DB>, answer: A) => Promise<void>;
}

/** Feeds lines chunk by chunk to `chunk`: never more than IMPORT_CHUNK lines held; `progress` after each. */
export async function inChunks<L>(lines: Iterable<L>, chunk: (batch: L[]) => Promise<void>, progress?: (linesRead: number) => void) {
  let batch: L[] = [];
  let read = 0;
  const flush = async () => {
    await chunk(batch);
    read += batch.length;
    batch = [];
    progress?.(read);
    // Reading and planning a chunk is work for this process alone: let its other requests (a progress ask) have a turn.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  for (const l of lines) {
    batch.push(l);
    if (batch.length === IMPORT_CHUNK) await flush();
  }
  if (batch.length) await flush();
}

/** Walks lines chunk by chunk through a plan. */
export const walk = (plan: FacilityPlan, lines: Iterable<ReadLine>, progress?: (linesRead: number) => void) => inChunks(lines, (b) => plan.chunk(b), progress);
