import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type Target = { kind: 'room'; id: number } | { kind: 'grid'; id: number };

/** Two namespaces of advisory locks: this one serialises "create the first round" per company. */
const ROUND_LOCK = 746_100_300;

export function latestRound(db: Db, companyId: number) {
  return db
    .selectFrom('scouting_rounds')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('started_at', 'desc')
    .orderBy('round_id', 'desc')
    .executeTakeFirst();
}
export type RoundRow = NonNullable<Awaited<ReturnType<typeof latestRound>>>;

export function insertRound(trx: Transaction<DB>, companyId: number, userId: number | null, startedAt?: Date) {
  return trx
    .insertInto('scouting_rounds')
    .values({ company_id: companyId, started_by: userId, ...(startedAt ? { started_at: startedAt } : {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The current round; a company that never reset gets its first round with its first mark, starting at
 * that mark's time: the database's now() is later than the mark's own clock reading, and a round that
 * began after its first mark would count that mark out of it.
 */
export async function currentRoundForMark(trx: Transaction<DB>, companyId: number, userId: number, at: Date): Promise<RoundRow> {
  const found = await latestRound(trx, companyId);
  if (found) return found;
  await sql`SELECT pg_advisory_xact_lock(${ROUND_LOCK}, ${companyId})`.execute(trx);
  return (await latestRound(trx, companyId)) ?? insertRound(trx, companyId, userId, at);
}

/**
 * Locks and answers the room or grid with its scan state; undefined when it is not the company's. FOR NO KEY UPDATE:
 * a photo scan has already inserted rows referencing the room (a key-share lock) when it marks it, and FOR UPDATE
 * would deadlock two scans of one room (bench:scouts found 294 in 10 minutes of 25 phones).
 */
export async function lockTarget(trx: Transaction<DB>, companyId: number, t: Target) {
  const cols = ['name', 'scanned', 'scanned_at', 'last_scanned_by'] as const;
  return t.kind === 'room'
    ? trx.selectFrom('rooms').select(cols).where('room_id', '=', t.id).where('company_id', '=', companyId).forNoKeyUpdate().executeTakeFirst()
    : trx.selectFrom('grids').select(cols).where('grid_id', '=', t.id).where('company_id', '=', companyId).forNoKeyUpdate().executeTakeFirst();
}

export async function markScanned(trx: Transaction<DB>, companyId: number, t: Target, userId: number, roundId: number, at: Date) {
  return trx
    .insertInto('scan_marks')
    .values({
      company_id: companyId,
      round_id: roundId,
      room_id: t.kind === 'room' ? t.id : null,
      grid_id: t.kind === 'grid' ? t.id : null,
      user_id: userId,
      scanned_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTarget(db: Db, companyId: number, t: Target) {
  const q =
    t.kind === 'room'
      ? db.selectFrom('rooms as x').select(['x.room_id as id', 'x.name', 'x.scanned', 'x.scanned_at', 'x.last_scanned_by']).where('x.room_id', '=', t.id)
      : db.selectFrom('grids as x').select(['x.grid_id as id', 'x.name', 'x.scanned', 'x.scanned_at', 'x.last_scanned_by']).where('x.grid_id', '=', t.id);
  return q
    .leftJoin('users as u', 'u.user_id', 'x.last_scanned_by')
    .select(['u.first_name', 'u.last_name'])
    .where('x.company_id', '=', companyId)
    .executeTakeFirst();
}

export interface MarkRow {
  mark_id: number;
  scanned_at: Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
}

export function marksInRound(db: Db, companyId: number, t: Target, roundId: number): Promise<MarkRow[]> {
  return db
    .selectFrom('scan_marks as m')
    .leftJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['m.mark_id', 'm.scanned_at', 'm.user_id', 'u.first_name', 'u.last_name'])
    .where('m.company_id', '=', companyId)
    .where(t.kind === 'room' ? 'm.room_id' : 'm.grid_id', '=', t.id)
    .where('m.round_id', '=', roundId)
    .orderBy('m.scanned_at', 'desc')
    .orderBy('m.mark_id', 'desc')
    .execute();
}

export interface PreviousRoundRow {
  round_id: number;
  started_at: Date;
  started_by: number | null;
  mark_id: number | null;
  scanned_at: Date | null;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
}

/** The rounds before `roundId` (newest first, at most `limit`) with the target's last mark in each. */
export async function previousRounds(db: Db, companyId: number, t: Target, roundId: number, limit = 20): Promise<PreviousRoundRow[]> {
  const column = sql.raw(t.kind === 'room' ? 'room_id' : 'grid_id');
  const res = await sql<PreviousRoundRow>`
    SELECT r.round_id, r.started_at, r.started_by, m.mark_id, m.scanned_at, m.user_id, u.first_name, u.last_name
    FROM scouting_rounds r
    LEFT JOIN LATERAL (
      SELECT mark_id, scanned_at, user_id FROM scan_marks
      WHERE round_id = r.round_id AND ${column} = ${t.id}
      ORDER BY scanned_at DESC, mark_id DESC LIMIT 1
    ) m ON true
    LEFT JOIN users u ON u.user_id = m.user_id
    WHERE r.company_id = ${companyId} AND r.round_id <> ${roundId}
      AND r.started_at <= (SELECT started_at FROM scouting_rounds WHERE round_id = ${roundId})
    ORDER BY r.started_at DESC, r.round_id DESC
    LIMIT ${limit}`.execute(db);
  return res.rows.map((r) => ({ ...r, started_at: new Date(r.started_at), scanned_at: r.scanned_at ? new Date(r.scanned_at) : null }));
}
