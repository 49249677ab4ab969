import { sql } from 'kysely';
import type { ActionThreshold, EndpointInput, thresholdsEndpoints, ThresholdLevel } from '@verdant/contract';
import { thresholdsMessages as msg } from '@verdant/contract';
import { badRequest, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import type { Caller } from '../../plugins/auth.js';
import { companyTaskForm } from '../tasks/system-tasks.js';
import { evaluateThresholds, roomThresholdLevels } from './thresholds.evaluate.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

type ThresholdInput = EndpointInput<(typeof thresholdsEndpoints)['saveActionThreshold']>;

const FIELDS = ['threshold_id', 'problem', 'room_id', 'crop_status', 'metric', 'window_hours', 'amber', 'red', 'notification_id', 'create_task', 'assign_to', 'created_at', 'updated_at'] as const;

/** The company's live thresholds (or one), each with its worst live level. */
export async function listThresholds({ db }: Deps, companyId: number, onlyId?: number): Promise<ActionThreshold[]> {
  let q = db
    .selectFrom('action_thresholds as t')
    .leftJoin('rooms as r', (j) => j.onRef('r.room_id', '=', 't.room_id').on('r.company_id', '=', companyId))
    .select(FIELDS.map((f) => `t.${f}` as const))
    .leftJoin('users as u', (j) => j.onRef('u.user_id', '=', 't.assign_to').on('u.company_id', '=', companyId))
    .select('r.name as room_name')
    .select(sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('assign_to_name'))
    .select(sql<ThresholdLevel>`coalesce((SELECT CASE WHEN bool_or(c.level = 'red') THEN 'red' ELSE 'amber' END FROM threshold_crossings c
      WHERE c.threshold_id = t.threshold_id AND c.window_end > now() HAVING count(*) > 0), 'green')`.as('level'))
    .where('t.company_id', '=', companyId)
    .where('t.deleted_at', 'is', null)
    .orderBy(sql`lower(t.problem)`)
    .orderBy('t.threshold_id');
  if (onlyId !== undefined) q = q.where('t.threshold_id', '=', onlyId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, room_name: r.room_name ?? null, assign_to_name: r.assign_to_name ?? null, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() }));
}

/**
 * A threshold saved is measured at once over the window it names, in every room with observations of its
 * problem in that window (issue 20: one made at amber ≥ 1 in 24 h stayed green beside a 7-minute-old
 * observation). The one evaluation of an observation write is reused, so a level reached now crosses,
 * alerts and makes its task exactly as a new observation would; an open crossing is not made again.
 */
async function evaluateSaved(trx: Kysely<DB>, caller: Caller, t: { problem: string; room_id: number | null; window_hours: number }) {
  let q = trx
    .selectFrom('problem_observations')
    .select('room_id')
    .distinct()
    .where('company_id', '=', caller.company_id)
    .where(sql<string>`lower(problem)`, '=', t.problem.toLowerCase())
    .where('status', 'in', ['open', 'resolved'])
    .where('observed_at', '>', sql<Date>`now() - make_interval(hours => ${t.window_hours})`);
  if (t.room_id !== null) q = q.where('room_id', '=', t.room_id);
  const rooms = await q.execute();
  for (const { room_id } of rooms) {
    await evaluateThresholds(trx, { companyId: caller.company_id, actorId: caller.user_id, roomId: room_id, gridBoxId: null, problems: [t.problem] });
  }
}

/** Creates or changes a threshold; the room and the automation must be the caller's company's. */
export async function saveThreshold({ db }: Deps, caller: Caller, input: ThresholdInput) {
  if (input.red < input.amber) throw badRequest(msg.redBelowAmber, 'red');
  const createTask = input.create_task === 1;
  // assign_to is a user of the caller's company (checked from the contract's tenancy, 404 otherwise).
  if (createTask && input.assign_to === undefined) throw badRequest(msg.assigneeRequired, 'assign_to');
  if (createTask && (await companyTaskForm({ db }, caller.company_id)) === null) throw badRequest(msg.noTaskForm, 'create_task');
  const id = await db.transaction().execute(async (trx) => {
    if (input.room_id !== undefined) {
      const room = await trx.selectFrom('rooms').select('room_id').where('company_id', '=', caller.company_id).where('room_id', '=', input.room_id).executeTakeFirst();
      if (!room) throw notFound('Room');
    }
    if (input.notification_id !== undefined) {
      const n = await trx.selectFrom('notifications').select('notification_id').where('company_id', '=', caller.company_id)
        .where('notification_id', '=', input.notification_id).where('deleted_at', 'is', null).executeTakeFirst();
      if (!n) throw notFound('Automation');
    }
    const values = {
      problem: input.problem, room_id: input.room_id ?? null, crop_status: input.crop_status ?? null, metric: input.metric,
      window_hours: input.window_hours, amber: input.amber, red: input.red, notification_id: input.notification_id ?? null,
      create_task: createTask, assign_to: input.assign_to ?? null,
    };
    if (input.threshold_id === undefined) {
      const made = await trx.insertInto('action_thresholds').values({ ...values, company_id: caller.company_id, created_by: caller.user_id, created_at: new Date(), updated_at: new Date(), deleted_at: null })
        .returning('threshold_id').executeTakeFirstOrThrow();
      await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'threshold.create', entityType: 'action_threshold', entityId: made.threshold_id, after: values });
      await evaluateSaved(trx, caller, values);
      return made.threshold_id;
    }
    const before = await trx.selectFrom('action_thresholds').selectAll().where('company_id', '=', caller.company_id)
      .where('threshold_id', '=', input.threshold_id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Threshold');
    await trx.updateTable('action_thresholds').set({ ...values, updated_at: new Date() }).where('threshold_id', '=', before.threshold_id).execute();
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'threshold.update', entityType: 'action_threshold', entityId: before.threshold_id,
      before: {
        problem: before.problem, room_id: before.room_id, crop_status: before.crop_status, metric: before.metric, window_hours: before.window_hours,
        amber: before.amber, red: before.red, notification_id: before.notification_id, create_task: before.create_task, assign_to: before.assign_to,
      },
      after: values,
    });
    await evaluateSaved(trx, caller, values);
    return before.threshold_id;
  });
  const [threshold] = await listThresholds({ db }, caller.company_id, id);
  return { status: 'success' as const, message: msg.saved, threshold: threshold! };
}

/** Deletes a live threshold of the caller's company; deleting it again answers 404. */
export async function deleteThreshold({ db }: Deps, caller: Caller, thresholdId: number) {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.updateTable('action_thresholds').set({ deleted_at: new Date(), updated_at: new Date() })
      .where('company_id', '=', caller.company_id).where('threshold_id', '=', thresholdId).where('deleted_at', 'is', null)
      .returning(['threshold_id', 'problem']).executeTakeFirst();
    if (!gone) throw notFound('Threshold');
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'threshold.delete', entityType: 'action_threshold', entityId: thresholdId, before: { problem: gone.problem } });
  });
  return { status: 'success' as const, message: msg.deleted, threshold_id: thresholdId };
}

/** Rooms over a threshold now, for the rooms list, the map header and the overview. */
export async function listRoomLevels({ db }: Deps, companyId: number) {
  return { status: 'success' as const, rooms: await roomThresholdLevels(db, companyId) };
}
