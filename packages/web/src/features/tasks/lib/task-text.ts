import { TASK_STATUSES, type FormTemplate, type Task, type TaskStatus } from '@verdant/contract';
import type { BadgeTone } from '../../../components/ui';

/** "Ana Grower", or null for nobody. */
export function personName(p: { first_name: string; last_name: string } | null | undefined): string | null {
  if (!p) return null;
  const name = `${p.first_name} ${p.last_name}`.trim();
  return name || null;
}

/** A task's status as one of the three the board knows (an unknown one reads as open). */
export function statusOf(task: Pick<Task, 'status'>): TaskStatus {
  return (TASK_STATUSES as readonly string[]).includes(task.status) ? (task.status as TaskStatus) : 'open';
}

export const STATUS_TONE: Record<TaskStatus, BadgeTone> = { open: 'info', in_progress: 'warning', done: 'success' };

/** Task forms are those of category Task, in any case (the server's rule). */
export function isTaskForm(form: Pick<FormTemplate, 'FormCategory' | 'DeletedAt'>): boolean {
  return form.FormCategory.trim().toLowerCase() === 'task' && !form.DeletedAt;
}

/** The outbox's line for a change: what and which task, short. */
export function shortTitle(title: string): string {
  return title.length > 60 ? `${title.slice(0, 59)}…` : title;
}
