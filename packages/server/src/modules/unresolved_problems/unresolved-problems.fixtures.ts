import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export interface ScoutedPlace {
  roomId: number;
  gridId: number;
  box(x: number, y: number): number;
}

/** A room holding one nx × ny grid, written with SQL so these tests do not depend on the facility endpoints. */
export async function makePlace(app: FastifyInstance, companyId: number, nx = 2, ny = 2, name = 'Problem room'): Promise<ScoutedPlace> {
  const res = await sql<{ room_id: number; grid_id: number; grid_box_id: number; x: number; y: number }>`
    WITH r AS (INSERT INTO rooms (company_id, name) VALUES (${companyId}, ${name}) RETURNING room_id),
    g AS (INSERT INTO grids (company_id, name, nx, ny) VALUES (${companyId}, ${`${name} grid`}, ${nx}, ${ny}) RETURNING grid_id),
    link AS (INSERT INTO room_grid (company_id, room_id, grid_id) SELECT ${companyId}, r.room_id, g.grid_id FROM r, g),
    b AS (
      INSERT INTO grid_boxes (company_id, grid_id, x, y)
      SELECT ${companyId}, g.grid_id, x, y FROM g, generate_series(1, ${nx}::int) x, generate_series(1, ${ny}::int) y
      RETURNING grid_box_id, x, y
    )
    SELECT r.room_id, g.grid_id, b.grid_box_id, b.x, b.y FROM r, g, b`.execute(app.db);
  const boxes = new Map(res.rows.map((row) => [`${row.x},${row.y}`, row.grid_box_id]));
  return { roomId: res.rows[0]!.room_id, gridId: res.rows[0]!.grid_id, box: (x, y) => boxes.get(`${x},${y}`)! };
}

export interface ObservationSeed {
  companyId: number;
  problem: string;
  roomId?: number | null;
  gridId?: number | null;
  boxId?: number | null;
  severity?: number | null;
  status?: 'open' | 'resolved' | 'dismissed';
  statusChangedAt?: Date | null;
  observedAt?: Date;
  userId?: number | null;
  notes?: string | null;
}

/** One problem observation as the submissions module would write it (source 'form'). */
export async function addObservation(app: FastifyInstance, o: ObservationSeed): Promise<number> {
  const row = await app.db
    .insertInto('problem_observations')
    .values({
      company_id: o.companyId,
      problem: o.problem,
      severity: o.severity ?? null,
      room_id: o.roomId ?? null,
      grid_id: o.gridId ?? null,
      grid_box_id: o.boxId ?? null,
      source: 'form',
      notes: o.notes ?? null,
      observed_at: o.observedAt ?? new Date(),
      observed_by: o.userId ?? null,
      status: o.status ?? 'open',
      status_changed_at: o.statusChangedAt ?? null,
    })
    .returning('observation_id')
    .executeTakeFirstOrThrow();
  return row.observation_id;
}

/** An observation in a box of `place`, with room and grid filled in as a form submission fills them. */
export const observeInBox = (app: FastifyInstance, companyId: number, place: ScoutedPlace, x: number, y: number, problem: string, more: Partial<ObservationSeed> = {}) =>
  addObservation(app, { companyId, problem, roomId: place.roomId, gridId: place.gridId, boxId: place.box(x, y), ...more });
