import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export interface FacilityFixture {
  roomId: number;
  gridId: number;
  /** Box ids by 'x,y'. */
  boxes: Record<string, number>;
  box(x: number, y: number): number;
}

/**
 * A room with one nx × ny grid, written with SQL so tests of sub-boxes, templates and moves do not
 * depend on the rooms and grids endpoints.
 */
export async function makeFacility(
  app: FastifyInstance,
  companyId: number,
  opts: { roomName?: string; gridName?: string; nx?: number; ny?: number } = {},
): Promise<FacilityFixture> {
  const nx = opts.nx ?? 2;
  const ny = opts.ny ?? 2;
  const result = await sql<{ room_id: number; grid_id: number; grid_box_id: number; x: number; y: number }>`
    WITH r AS (
      INSERT INTO rooms (company_id, name) VALUES (${companyId}, ${opts.roomName ?? 'Test room'}) RETURNING room_id
    ), g AS (
      INSERT INTO grids (company_id, name, nx, ny) VALUES (${companyId}, ${opts.gridName ?? 'Test grid'}, ${nx}, ${ny}) RETURNING grid_id
    ), link AS (
      INSERT INTO room_grid (company_id, room_id, grid_id) SELECT ${companyId}, r.room_id, g.grid_id FROM r, g
    ), b AS (
      INSERT INTO grid_boxes (company_id, grid_id, x, y)
      SELECT ${companyId}, g.grid_id, x, y FROM g, generate_series(1, ${nx}::int) x, generate_series(1, ${ny}::int) y
      RETURNING grid_box_id, x, y
    )
    SELECT r.room_id, g.grid_id, b.grid_box_id, b.x, b.y FROM r, g, b ORDER BY b.y, b.x`.execute(app.db);
  const boxes = Object.fromEntries(result.rows.map((row) => [`${row.x},${row.y}`, row.grid_box_id]));
  return {
    roomId: result.rows[0]!.room_id,
    gridId: result.rows[0]!.grid_id,
    boxes,
    box: (x, y) => boxes[`${x},${y}`]!,
  };
}
