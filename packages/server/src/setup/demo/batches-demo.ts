import type { FastifyInstance } from 'fastify';
import { addDays, DAY_MS as DAY, utcDate } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { createBatch, harvestBatch, updateBatch } from '../../modules/batches/batches.service.js';
import { createCustomStatus } from '../../modules/batches/batch-statuses.service.js';
import { linkGrid, linkGridBoxes, linkRoom, moveBatchBetweenRooms } from '../../modules/batches/batch-links.service.js';


interface DemoBatch {
  number: string;
  strain: string;
  color: string;
  plants: number;
  /** Statuses in order, each with how many days ago it was set (the first is the creation). */
  path: Array<[status: string, daysAgo: number]>;
  /** The room (by demo name) it starts in and, optionally, where it moved and when. */
  room: string;
  moveTo?: [room: string, daysAgo: number];
  harvest?: { daysAgo: number; wet: number; dry: number };
}

const BATCHES: DemoBatch[] = [
  { number: 'GL-2026-014', strain: 'Gelato #41', color: '#8e24aa', plants: 120, path: [['Planned', 6]], room: 'Propagation' },
  { number: 'WW-2026-011', strain: 'White Widow', color: '#43a047', plants: 96, path: [['Planned', 24], ['Propagation', 18]], room: 'Propagation' },
  { number: 'NL-2026-009', strain: 'Northern Lights', color: '#1e88e5', plants: 144, path: [['Planned', 52], ['Propagation', 45], ['Vegetative', 24]], room: 'Propagation' },
  {
    number: 'OG-2026-006', strain: 'OG Kush', color: '#fb8c00', plants: 180,
    path: [['Planned', 95], ['Propagation', 88], ['Vegetative', 66], ['Flowering', 40]], room: 'Propagation', moveTo: ['Flower Room A', 40],
  },
  {
    number: 'AK-2026-004', strain: 'AK-47', color: '#e53935', plants: 160,
    path: [['Planned', 130], ['Propagation', 122], ['Vegetative', 100], ['Flowering', 74], ['Ready', 8]], room: 'Propagation', moveTo: ['Flower Room A', 74],
  },
  {
    number: 'SD-2026-002', strain: 'Sour Diesel', color: '#fdd835', plants: 150,
    path: [['Planned', 170], ['Propagation', 160], ['Vegetative', 138], ['Flowering', 110], ['Ready', 50]], room: 'Propagation', moveTo: ['Flower Room A', 110],
    harvest: { daysAgo: 42, wet: 61.4, dry: 13.2 },
  },
  { number: 'BD-2026-003', strain: 'Blue Dream', color: '#546e7a', plants: 80, path: [['Planned', 150], ['Propagation', 141], ['Destroyed', 120]], room: 'Propagation' },
  { number: 'MS-2026-001', strain: 'Mother stock mix', color: '#6d4c41', plants: 24, path: [['Planned', 200], ['Vegetative', 190], ['Drying', 3]], room: 'Mother Stock' },
];

const dayString = (daysAgo: number) => addDays(utcDate(), -daysAgo);

/**
 * The demo company's batches, after the facility demo made its rooms: one in every built-in status and
 * one in a custom status, with their status history, room moves and box links spread over the last
 * months, and one harvested with weights. Everything goes through the services, so audit events exist.
 */
export async function seedBatchesDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }): Promise<void> {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  for (const name of ['Drying', 'Curing']) await createCustomStatus(app, caller, { company_id: ctx.companyId, status_name: name });

  const rooms = await app.db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', ctx.companyId).execute();
  const roomId = (name: string) => rooms.find((r) => r.name === name)?.room_id ?? rooms[0]?.room_id;
  const gridsOf = async (room: number) =>
    app.db.selectFrom('room_grid').select('grid_id').where('room_id', '=', room).orderBy('grid_id').execute();
  const boxesOf = async (grid: number, skip: number, take: number) =>
    (await app.db.selectFrom('grid_boxes').select('grid_box_id').where('grid_id', '=', grid).orderBy('grid_box_id').offset(skip).limit(take).execute()).map((b) => b.grid_box_id);

  for (const [i, b] of BATCHES.entries()) {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    const [[firstStatus, createdDaysAgo], ...steps] = b.path as [[string, number], ...Array<[string, number]>];
    const batch = await createBatch(app, caller, {
      company_id: ctx.companyId,
      BatchNumber: b.number,
      NumberOfPlants: b.plants,
      StrainName: b.strain,
      BatchStatus: firstStatus,
      Color: b.color,
      PreBooks: Math.round(b.plants * 0.6),
      StartDate: dayString(createdDaysAgo - 2),
      EndDate: dayString(createdDaysAgo - 2 - 120),
    }, { at: at(createdDaysAgo) });
    const first = roomId(b.room);
    if (first === undefined) continue;
    await linkRoom(app, caller, { room_id: first, batch_id: batch.BatchID }, { at: at(createdDaysAgo) });
    const grids = await gridsOf(first);
    const grid = grids[i % Math.max(grids.length, 1)]?.grid_id;
    if (grid !== undefined) {
      await linkGrid(app, caller, { grid_id: grid, batch_id: batch.BatchID }, { at: at(createdDaysAgo) });
      const boxes = await boxesOf(grid, (i * 4) % 24, 12);
      if (boxes.length) await linkGridBoxes(app, caller, { batch_id: batch.BatchID, grid_box_ids: boxes }, { at: at(createdDaysAgo) });
    }
    for (const [status, daysAgo] of steps) {
      if (b.moveTo && b.moveTo[1] === daysAgo) await moveInto(b.moveTo[0], daysAgo);
      await updateBatch(app, caller, { batch_id: batch.BatchID, company_id: ctx.companyId, BatchStatus: status }, { at: at(daysAgo) });
    }
    if (b.harvest) {
      await harvestBatch(app, caller, { batch_id: batch.BatchID, company_id: ctx.companyId, user_id: ctx.userId, wet_weight: b.harvest.wet, dry_weight: b.harvest.dry, unit: 'kg' }, { at: at(b.harvest.daysAgo) });
    }

    async function moveInto(roomName: string, daysAgo: number) {
      const target = roomId(roomName);
      if (target === undefined || target === first) return;
      await moveBatchBetweenRooms(app, caller, { batch_id: batch.BatchID, old_room_id: first!, new_room_id: target }, { at: at(daysAgo) });
      const targetGrid = (await gridsOf(target))[i % 3]?.grid_id;
      if (targetGrid === undefined) return;
      await linkGrid(app, caller, { grid_id: targetGrid, batch_id: batch.BatchID }, { at: at(daysAgo) });
      const boxes = await boxesOf(targetGrid, (i * 20) % 100, 20);
      if (boxes.length) await linkGridBoxes(app, caller, { batch_id: batch.BatchID, grid_box_ids: boxes }, { at: at(daysAgo) });
    }
  }
}
