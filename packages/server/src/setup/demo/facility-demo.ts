import type { FastifyInstance } from 'fastify';

import type { Caller } from '../../plugins/auth.js';

import { createGrid } from '../../modules/grids/index.js';

import { renameGridBox, updateCulling } from '../../modules/grid_boxes/index.js';

import { markScanned } from '../../modules/scouting/index.js';

import { createRoom } from '../../modules/rooms/rooms.service.js';


/** Rooms and grids of a small greenhouse: [room, description, [grid name, nx, ny][]]. */
const LAYOUT: Array<[string, string, Array<[string, number, number]>]> = [
  ['Propagation', 'Cuttings and seedlings under domes', [['Propagation Bench 1', 6, 12], ['Propagation Bench 2', 6, 12]]],
  ['Flower Room A', 'Flowering tables, 12/12 light cycle', [['Table A1', 10, 20], ['Table A2', 10, 20], ['Table A3', 8, 16]]],
  ['Mother Stock', 'Mother plants kept for cuttings', [['Mothers', 4, 8]]],
];

/**
 * The demo company's facility: three rooms with realistic grids, named boxes, a few culled boxes and
 * scan marks, made through the services (so audit events exist as they would in real use).
 */
export async function seedFacilityDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }) {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  for (const [roomIndex, [name, description, grids]] of LAYOUT.entries()) {
    const { room } = await createRoom(app, caller, { company_id: ctx.companyId, name, description });
    for (const [gridName, nx, ny] of grids) {
      const { grid } = await createGrid(app, caller, { nx, ny, ngrid_name: gridName, ncompany_id: ctx.companyId, nroom_id: room.RoomID });
      const boxes = await app.db.selectFrom('grid_boxes').select(['grid_box_id', 'x', 'y']).where('grid_id', '=', grid.id).orderBy('x').orderBy('y').execute();
      // Name the first box of every column ("Row 3" on a bench; "M-01".. for mother plants) and cull a few.
      for (const box of boxes.filter((b) => b.y === 1 || name === 'Mother Stock')) {
        const label = name === 'Mother Stock' ? `M-${String(box.grid_box_id % 100).padStart(2, '0')}` : `Row ${box.x}`;
        await renameGridBox(app, caller, box.grid_box_id, label);
      }
      for (const box of boxes.filter((_b, i) => i % 37 === 5)) {
        await updateCulling(app, caller, { GridBoxID: box.grid_box_id, user_id: ctx.userId, culled: 1 });
      }
      if (roomIndex < 2) await markScanned(app, caller, { kind: 'grid', id: grid.id }, ctx.userId);
    }
    if (roomIndex === 0) await markScanned(app, caller, { kind: 'room', id: room.RoomID }, ctx.userId);
  }
}
