import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { raiseNotificationEvent } from '../automations/index.js';
import { makeSystemTask } from '../tasks/system-tasks.js';

export interface ObservedProblems {
  companyId: number;
  actorId: number | null;
  roomId: number | null;
  gridBoxId: number | null;
  problems: string[];
  /**
   * Suspected problems (unreviewed detections) count from this confidence on, when the company alerts on them
   * ('above'); null counts confirmed observations only (issue 18).
   */
  suspectedFrom?: number | null;
}

export interface Crossing {
  crossingId: number;
  thresholdId: number;
  level: 'amber' | 'red';
  roomId: number | null;
  value: number;
  /** The task the crossing made (its response id), when the threshold asks for one. */
  taskId: number | null;
}

type Live = { threshold_id: number; problem: string; room_id: number | null; crop_status: string | null; metric: 'count' | 'severity'; window_hours: number; amber: number; red: number; notification_id: number | null; create_task: boolean; assign_to: number | null };

/** A threshold is evaluated per room; observations without a room form their own group (key 0). */
const roomKey = (roomId: number | null) => roomId ?? 0;

async function holdsCropStatus(trx: Kysely<DB>, companyId: number, roomId: number | null, status: string): Promise<boolean> {
  if (roomId === null) return false;
  const row = await trx
    .selectFrom('room_batches as rb')
    .innerJoin('batches as b', 'b.batch_id', 'rb.batch_id')
    .select('rb.batch_id')
    .where('rb.company_id', '=', companyId)
    .where('rb.room_id', '=', roomId)
    .where('rb.unlinked_at', 'is', null)
    .where(sql<boolean>`lower(b.batch_status) = lower(${status})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The count of observations of the problem (or their highest severity) in the room group over the window, now. */
async function measure(trx: Kysely<DB>, companyId: number, t: Live, roomId: number | null, suspectedFrom: number | null): Promise<number> {
  const counted = suspectedFrom === null
    ? sql`status IN ('open', 'resolved')`
    : sql`(status IN ('open', 'resolved') OR (status = 'suspected' AND confidence >= ${suspectedFrom}))`;
  const { rows } = await sql<{ value: number | null }>`
    SELECT ${t.metric === 'count' ? sql`count(*)::float8` : sql`max(severity)::float8`} AS value
    FROM problem_observations
    WHERE company_id = ${companyId} AND lower(problem) = lower(${t.problem}) AND ${counted}
      AND ${roomId === null ? sql`room_id IS NULL` : sql`room_id = ${roomId}`}
      AND observed_at > now() - make_interval(hours => ${t.window_hours})`.execute(trx);
  return rows[0]?.value ?? 0;
}

const LEVEL_NAME = { amber: 'Amber', red: 'Red' } as const;

/** The crossing's task for the threshold's assignee, in the observation's transaction; kept on the crossing (one per crossing). */
async function crossingTask(trx: Kysely<DB>, e: ObservedProblems, t: Live, crossingId: number, level: 'amber' | 'red', value: number): Promise<number | null> {
  const room = e.roomId === null ? undefined
    : await trx.selectFrom('rooms').select('name').where('company_id', '=', e.companyId).where('room_id', '=', e.roomId).executeTakeFirst();
  const where = room ? ` in ${room.name}` : '';
  const measured = t.metric === 'count' ? `${value} observation${value === 1 ? '' : 's'}` : `severity ${value}`;
  const taskId = await makeSystemTask(trx, {
    companyId: e.companyId,
    title: `${LEVEL_NAME[level]}: ${t.problem} over threshold${where}`,
    description: `${measured} of ${t.problem}${where} in the last ${t.window_hours} h (amber at ${t.amber}, red at ${t.red}). Check the plants and act.`,
    assigneeId: t.assign_to!,
    source: { threshold_id: t.threshold_id, crossing_id: crossingId, level },
  });
  if (taskId !== null) await trx.updateTable('threshold_crossings').set({ task_id: taskId }).where('crossing_id', '=', crossingId).execute();
  return taskId;
}

/**
 * Evaluates the company's live thresholds for the problems just observed, inside the observation's
 * transaction. A level reached makes one crossing per threshold, level and room for its window: a
 * transaction lock per threshold and room orders concurrent observations (the second one measures after
 * the first commits and finds its crossing), and UNIQUE (threshold_id, level, room_key, window_start) backs
 * it. Red reached inside an amber window is a new crossing; amber inside a red window is not. Each new
 * crossing with an automation raises a `threshold_crossed` event (one delivery per channel).
 */
export async function evaluateThresholds(trx: Kysely<DB>, e: ObservedProblems): Promise<Crossing[]> {
  const names = [...new Set(e.problems.map((p) => p.toLowerCase()))];
  if (names.length === 0) return [];
  const thresholds = (await trx
    .selectFrom('action_thresholds')
    .select(['threshold_id', 'problem', 'room_id', 'crop_status', 'metric', 'window_hours', 'amber', 'red', 'notification_id', 'create_task', 'assign_to'])
    .where('company_id', '=', e.companyId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(problem)`, 'in', names)
    .where((eb) => (e.roomId === null ? eb('room_id', 'is', null) : eb.or([eb('room_id', 'is', null), eb('room_id', '=', e.roomId)])))
    .orderBy('threshold_id')
    .execute()) as Live[];
  const made: Crossing[] = [];
  for (const t of thresholds) {
    if (t.crop_status !== null && !(await holdsCropStatus(trx, e.companyId, e.roomId, t.crop_status))) continue;
    const key = roomKey(e.roomId);
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`threshold:${t.threshold_id}:${key}`}, 0))`.execute(trx);
    const value = await measure(trx, e.companyId, t, e.roomId, e.suspectedFrom ?? null);
    const level = value >= t.red ? 'red' : value >= t.amber ? 'amber' : null;
    if (level === null) continue;
    const open = await trx
      .selectFrom('threshold_crossings')
      .select('crossing_id')
      .where('threshold_id', '=', t.threshold_id)
      .where('room_key', '=', key)
      .where('level', 'in', level === 'red' ? ['red'] : ['amber', 'red'])
      .where('window_end', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (open) continue;
    const row = await trx
      .insertInto('threshold_crossings')
      .values({
        company_id: e.companyId, threshold_id: t.threshold_id, level, room_id: e.roomId, room_key: key, value,
        window_start: sql<Date>`now()`, window_end: sql<Date>`now() + make_interval(hours => ${t.window_hours})`,
      })
      .onConflict((oc) => oc.columns(['threshold_id', 'level', 'room_key', 'window_start']).doNothing())
      .returning('crossing_id')
      .executeTakeFirst();
    if (!row) continue;
    const taskId = t.create_task && t.assign_to !== null ? await crossingTask(trx, e, t, row.crossing_id, level, value) : null;
    made.push({ crossingId: row.crossing_id, thresholdId: t.threshold_id, level, roomId: e.roomId, value, taskId });
    if (t.notification_id !== null) {
      await raiseNotificationEvent(trx, {
        type: 'threshold_crossed', companyId: e.companyId, actorId: e.actorId, crossingId: row.crossing_id, notificationId: t.notification_id,
        level, problem: t.problem, metric: t.metric, value, amber: t.amber, red: t.red, windowHours: t.window_hours, roomId: e.roomId, gridBoxId: e.gridBoxId,
      });
    }
  }
  return made;
}

/** Rooms over a threshold now: the worst level and the problems at it or above amber (rooms absent are green). */
export async function roomThresholdLevels(db: Kysely<DB>, companyId: number) {
  const rows = await db
    .selectFrom('threshold_crossings as c')
    .innerJoin('action_thresholds as t', 't.threshold_id', 'c.threshold_id')
    .innerJoin('rooms as r', (j) => j.onRef('r.room_id', '=', 'c.room_id').on('r.company_id', '=', companyId))
    .select(['c.room_id', 'r.name as room_name', sql<'amber' | 'red'>`CASE WHEN bool_or(c.level = 'red') THEN 'red' ELSE 'amber' END`.as('level'),
      sql<string[]>`array_agg(DISTINCT t.problem ORDER BY t.problem)`.as('problems')])
    .where('c.company_id', '=', companyId)
    .where('t.deleted_at', 'is', null)
    .where('c.window_end', '>', sql<Date>`now()`)
    .groupBy(['c.room_id', 'r.name'])
    .orderBy('r.name')
    .execute();
  return rows.map((r) => ({ room_id: r.room_id!, room_name: r.room_name, level: r.level, problems: r.problems }));
}

/** Each room's level now (rooms without a live crossing are absent: green). */
export async function roomLevels(db: Kysely<DB>, companyId: number): Promise<Map<number, 'amber' | 'red'>> {
  const rows = await db
    .selectFrom('threshold_crossings as c')
    .innerJoin('action_thresholds as t', 't.threshold_id', 'c.threshold_id')
    .select(['c.room_id', 'c.level'])
    .where('c.company_id', '=', companyId)
    .where('c.room_id', 'is not', null)
    .where('t.deleted_at', 'is', null)
    .where('c.window_end', '>', sql<Date>`now()`)
    .execute();
  const out = new Map<number, 'amber' | 'red'>();
  for (const r of rows) if (r.room_id !== null && out.get(r.room_id) !== 'red') out.set(r.room_id, r.level);
  return out;
}
