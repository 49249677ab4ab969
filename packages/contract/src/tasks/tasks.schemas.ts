import { z } from 'zod';
import { Int4 } from '../common/fields.js';
import { ListField } from '../common/list-field.js';

/** Task states (spec-2 §4 does not show them): a task form response starts open. */
export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = 'open';
/** A list may ask for every state at once. */
export const TASK_STATUS_FILTERS = [...TASK_STATUSES, 'all'] as const;

/** Spec-2 §9: task form responses page 1, 50 a page. */
export const TASK_PAGE_DEFAULT = 1;
export const TASK_PER_PAGE_DEFAULT = 50;
export const TASK_PER_PAGE_MAX = 200;
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;

/** How a task automation repeats; weekdays are ISO numbers, 1 Monday to 7 Sunday. */
export const TASK_FREQUENCIES = ['daily', 'weekly', 'weekdays'] as const;
export type TaskFrequency = (typeof TASK_FREQUENCIES)[number];

export const TaskStatusSchema = z.enum(TASK_STATUSES, { error: `must be one of ${TASK_STATUSES.join(', ')}` });
export const TaskStatusFilter = z.enum(TASK_STATUS_FILTERS, { error: `must be one of ${TASK_STATUS_FILTERS.join(', ')}` });
export const TaskPage = Int4(1).default(TASK_PAGE_DEFAULT);
export const TaskPerPage = Int4(1).max(TASK_PER_PAGE_MAX, { error: `must be at most ${TASK_PER_PAGE_MAX}` }).default(TASK_PER_PAGE_DEFAULT);

export const TaskTitle = z
  .string({ error: 'must be a text' })
  .trim()
  .min(1, { error: 'is required' })
  .max(TASK_TITLE_MAX, { error: `must be at most ${TASK_TITLE_MAX} characters` });
export const TaskDescription = z
  .string({ error: 'must be a text' })
  .trim()
  .max(TASK_DESCRIPTION_MAX, { error: `must be at most ${TASK_DESCRIPTION_MAX} characters` });
/** A person's name as the client sends it for the assignee. */
export const TaskPersonName = z.string({ error: 'must be a text' }).trim().max(100, { error: 'must be at most 100 characters' });

export const TaskWeekday = z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' })
  .min(1, { error: 'must be 1 (Monday) to 7 (Sunday)' }).max(7, { error: 'must be 1 (Monday) to 7 (Sunday)' });
export const TaskWeekdays = ListField(TaskWeekday, { max: 7, what: 'weekdays' });
export const TaskTimeOfDay = z.string({ error: 'must be a time as HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time as HH:MM' });

const TaskPerson = z.object({ user_id: z.number(), first_name: z.string(), last_name: z.string() });

export const Task = z.object({
  task_id: z.number(),
  response_id: z.number(),
  TemplateID: z.number(),
  template_name: z.string(),
  status: z.string(),
  title: z.string(),
  description: z.string(),
  assignee: TaskPerson.nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  submitted_by: z.number().nullable(),
  submitted_at: z.string(),
  updated_at: z.string().nullable(),
  task_template_id: z.number().nullable(),
  /** Verdant extension (issue 20): the answer of the task form's first date field ("Due date"), YYYY-MM-DD, or null. */
  due_date: z.string().nullable(),
  /**
   * Verdant extension (issue 22): the task's place (box, grid or room) is inside a re-entry interval until this
   * moment (ISO) — a task there before it ends is flagged; null when none runs. Optional for older answers.
   */
  no_entry_until: z.string().nullable().optional(),
});
export type Task = z.infer<typeof Task>;

export const TaskFormResponse = Task.extend({
  fieldResponses: z.array(z.object({ FieldID: z.number(), FieldName: z.string(), FieldType: z.string(), InputData: z.string() })),
});

export const TaskTemplate = z.object({
  id: z.number(),
  task_template_id: z.number(),
  TemplateID: z.number(),
  template_name: z.string(),
  title: z.string(),
  description: z.string(),
  assignee: TaskPerson.nullable(),
  frequency: z.enum(TASK_FREQUENCIES),
  weekdays: z.array(z.number()),
  time_of_day: z.string(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskTemplate = z.infer<typeof TaskTemplate>;

