import type PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { startCronJob } from '../../jobs/cron.js';
import { raiseNotificationEvent } from '../automations/index.js';
import { todayIn } from '@verdant/contract';
import { safeTimeZone } from '@verdant/contract/zoned-time';
import { latestDueOccurrence, type Occurrence } from './recurring-schedule.js';

/**
 * Recurring tasks: every minute a pg-boss cron job (one job per minute for all API processes — pg-boss sends
 * a schedule's job once per slot) makes the task of each automation whose occurrence is due. "Exactly once"
 * rests on the database, not on the job: the occurrence row's key (automation, local date) is inserted in the
 * same transaction as the task, so a job run twice, two processes at once, or a restart mid-way make one task.
 * The schedule lives in pg-boss's tables, so it survives a restart; each start also runs one catch-up pass.
 */
export const RECURRING_TASKS_QUEUE = 'tasks-recurring';

type Db = Kysely<DB>;

/** Live automations on a live task form, with their company's zone and last made occurrence. */
function dueCandidates(db: Db) {
  return db
    .selectFrom('task_templates as tt')
    .innerJoin('form_templates as ft', 'ft.template_id', 'tt.template_id')
    .leftJoin('company_settings as cs', 'cs.company_id', 'tt.company_id')
    .select([
      'tt.task_template_id', 'tt.company_id', 'tt.frequency', 'tt.weekdays', 'tt.time_of_day', 'tt.created_at', 'cs.time_zone',
      (eb) => eb.selectFrom('task_occurrences as o').whereRef('o.task_template_id', '=', 'tt.task_template_id')
        .select(sql<string | null>`max(o.occurrence_date)`.as('d')).as('last_date'),
    ])
    .where('tt.deleted_at', 'is', null)
    .where('ft.deleted_at', 'is', null)
    .where(sql<boolean>`lower(ft.form_category) = 'task'`)
    .execute();
}

/**
 * Makes the task of one occurrence unless it exists: the automation row is locked (a delete waits, or has
 * won and nothing is made), then the occurrence key is claimed; only the claim that inserts makes the task.
 * Answers the new task's response id, or null when there was nothing to make.
 */
export async function makeOccurrence(db: Db, taskTemplateId: number, occ: Occurrence): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const tpl = await trx
      .selectFrom('task_templates')
      .select(['task_template_id', 'company_id', 'template_id', 'title', 'description', 'assignee_id'])
      .where('task_template_id', '=', taskTemplateId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!tpl) return null;
    const claimed = await trx
      .insertInto('task_occurrences')
      .values({ task_template_id: tpl.task_template_id, occurrence_date: occ.date, company_id: tpl.company_id, due_at: occ.dueAt })
      .onConflict((oc) => oc.columns(['task_template_id', 'occurrence_date']).doNothing())
      .returning('task_template_id')
      .executeTakeFirst();
    if (!claimed) return null;
    const { response_id } = await trx
      .insertInto('form_responses')
      .values({ company_id: tpl.company_id, template_id: tpl.template_id, submitted_by: null, observed_at: occ.dueAt, status: 'open' })
      .returning('response_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tasks')
      .values({
        response_id, company_id: tpl.company_id, title: tpl.title, description: tpl.description, assignee_id: tpl.assignee_id,
        task_template_id: tpl.task_template_id, updated_by: null, updated_at: new Date(), deleted_at: null,
      })
      .execute();
    await trx
      .updateTable('task_occurrences')
      .set({ response_id })
      .where('task_template_id', '=', tpl.task_template_id)
      .where('occurrence_date', '=', occ.date)
      .execute();
    await writeAudit(trx, {
      companyId: tpl.company_id, userId: null, action: 'task.recurring_create', entityType: 'task', entityId: response_id,
      after: { task_template_id: tpl.task_template_id, occurrence_date: occ.date, title: tpl.title, assignee_id: tpl.assignee_id },
    });
    // Made already assigned: the assignee's task notifications and "task assigned" automations fire, with the task.
    if (tpl.assignee_id !== null) {
      await raiseNotificationEvent(trx, { type: 'task_assigned', companyId: tpl.company_id, actorId: null, taskId: response_id, assigneeId: tpl.assignee_id, title: tpl.title });
    }
    return response_id;
  });
}

/** One pass: every automation whose latest occurrence is due and not yet made gets its task. */
export async function runRecurringTasks(db: Db, now: Date, log?: FastifyBaseLogger): Promise<{ created: number[] }> {
  const created: number[] = [];
  for (const t of await dueCandidates(db)) {
    const tz = safeTimeZone(t.time_zone);
    const occ = latestDueOccurrence(
      { frequency: t.frequency, weekdays: t.weekdays ?? [], time_of_day: t.time_of_day },
      tz, now, todayIn(tz, t.created_at),
    );
    if (!occ || (t.last_date !== null && occ.date <= t.last_date)) continue;
    try {
      const id = await makeOccurrence(db, t.task_template_id, occ);
      if (id !== null) created.push(id);
    } catch (err) {
      // One automation's failure does not stop the others; its occurrence is tried again next minute.
      log?.error({ err, task_template_id: t.task_template_id, occurrence_date: occ.date }, 'recurring task not made');
    }
  }
  return { created };
}

/** Every minute through the one cron helper, and one catch-up pass now. Every API process calls it. */
export async function startRecurringTasks(db: Db, boss: PgBoss, log: FastifyBaseLogger): Promise<void> {
  await startCronJob(boss, {
    queue: RECURRING_TASKS_QUEUE,
    cron: '* * * * *',
    pollingIntervalSeconds: 5,
    expireInSeconds: 300,
    runAtStart: true,
    run: async () => {
      const { created } = await runRecurringTasks(db, new Date(), log);
      if (created.length) log.info({ created: created.length }, 'recurring tasks made');
    },
  });
}
