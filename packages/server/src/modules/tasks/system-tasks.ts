import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { raiseNotificationEvent } from '../automations/index.js';
import * as repo from './tasks.repository.js';

/**
 * Tasks the system makes for another domain (an action threshold crossed: docs/decisions.md, "Action thresholds"),
 * the way a recurring task is made: a response of the company's task form (its default for 'task', else its
 * oldest task form), with its title, description and assignee, open, audited, and announced to the assignee.
 */
export async function companyTaskForm({ db }: Deps, companyId: number): Promise<number | null> {
  return (await repo.defaultTaskForm(db, companyId))?.template_id ?? null;
}

export interface SystemTask {
  companyId: number;
  title: string;
  description: string;
  assigneeId: number;
  /** What made it, for the audit trail (e.g. `{ threshold_id, crossing_id }`). */
  source: Record<string, unknown>;
}

/** Makes the task in the caller's transaction (`trx` must be one); answers its id (the response id), or null when the company has no task form. */
export async function makeSystemTask(trx: Kysely<DB>, t: SystemTask): Promise<number | null> {
  const templateId = await companyTaskForm({ db: trx }, t.companyId);
  if (templateId === null) return null;
  const { response_id } = await trx
    .insertInto('form_responses')
    .values({ company_id: t.companyId, template_id: templateId, submitted_by: null, observed_at: new Date(), status: 'open' })
    .returning('response_id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('tasks')
    .values({
      response_id, company_id: t.companyId, title: t.title, description: t.description, assignee_id: t.assigneeId,
      task_template_id: null, updated_by: null, updated_at: new Date(), deleted_at: null,
    })
    .execute();
  await writeAudit(trx, {
    companyId: t.companyId, userId: null, action: 'task.system_create', entityType: 'task', entityId: response_id,
    after: { ...t.source, title: t.title, assignee_id: t.assigneeId },
  });
  await raiseNotificationEvent(trx, { type: 'task_assigned', companyId: t.companyId, actorId: null, taskId: response_id, assigneeId: t.assigneeId, title: t.title });
  return response_id;
}
