import type { Task, TaskTemplate } from '@verdant/contract';
import { iso, isoOrNull } from '../../lib/iso.js';
import type { TaskRow, TaskTemplateRow } from './tasks.repository.js';

const personOf = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { user_id: id, first_name: first ?? '', last_name: last ?? '' };

export const toTask = (r: TaskRow): Task => ({
  task_id: r.response_id,
  response_id: r.response_id,
  TemplateID: r.template_id,
  template_name: r.template_name,
  status: r.status,
  title: r.title,
  description: r.description ?? '',
  assignee: personOf(r.assignee_id, r.first_name, r.last_name),
  first_name: r.assignee_id === null ? null : r.first_name,
  last_name: r.assignee_id === null ? null : r.last_name,
  submitted_by: r.submitted_by,
  submitted_at: iso(r.submitted_at),
  updated_at: isoOrNull(r.updated_at),
  task_template_id: r.task_template_id,
  due_date: r.due_date ?? null,
  no_entry_until: isoOrNull(r.no_entry_until),
});

export const toTaskTemplate = (r: TaskTemplateRow): TaskTemplate => ({
  id: r.task_template_id,
  task_template_id: r.task_template_id,
  TemplateID: r.template_id,
  template_name: r.template_name,
  title: r.title,
  description: r.description,
  assignee: personOf(r.assignee_id, r.first_name, r.last_name),
  frequency: r.frequency,
  weekdays: r.weekdays,
  time_of_day: r.time_of_day,
  created_by: r.created_by,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
