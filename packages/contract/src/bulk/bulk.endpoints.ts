import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { HexColor, PROBLEM_NAME_MAX } from '../problem_colors/problem-colors.endpoints.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

/** The most records one bulk change names: a 200 × 25 bench room in one sweep. */
export const BULK_MAX_IDS = 5000;
export const BOX_STATUS_MAX = 60;

export const BULK_KINDS = ['grid_boxes', 'observations', 'tasks'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

const IdList = (what: string, plural: string) =>
  z
    .array(Id, { error: `must be a list of ${what} ids` })
    .min(1, { error: `must name at least one ${what}` })
    .max(BULK_MAX_IDS, { error: `must name at most ${BULK_MAX_IDS} ${plural}` });

export const bulkMessages = {
  boxesChanged: 'Grid boxes changed.',
  observationsChanged: 'Observations changed.',
  tasksChanged: 'Tasks changed.',
  undone: 'Change undone.',
  nothingToSet: 'Name Status or Color to set.',
  problemRequired: 'problem is required to reassign observations.',
  assigneeRequired: 'assignee_id is required to assign tasks.',
  undoneAlready: 'This change was undone already.',
  failed: 'The change was not made; nothing was changed.',
  undoFailed: 'The change could not be undone.',
} as const;

/** A refused record names the whole batch's refusal (all or nothing). */
export const bulkRefusals = {
  boxMissing: (id: number) => `Grid box ${id} not found; nothing was changed.`,
  observationMissing: (id: number) => `Observation ${id} not found; nothing was changed.`,
  observationNotOpen: (id: number, status: string) => `Observation ${id} is ${status}, not open; nothing was changed.`,
  taskMissing: (id: number) => `Task ${id} not found; nothing was changed.`,
  changedSince: (what: string, id: number) => `${what} ${id} changed since this change; nothing was undone.`,
} as const;

/** What one bulk request changed: kept for its undo (docs/decisions.md, "Change many at once"). */
export const BulkChange = z.object({
  change_id: z.number(),
  kind: z.enum(BULK_KINDS),
  action: z.string(),
  count: z.number(),
  ids: z.array(z.number()),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});
export type BulkChange = z.infer<typeof BulkChange>;

const changed = success({ message: z.string(), change: BulkChange });

export const bulkEndpoints = {
  bulkUpdateGridBoxes: defineEndpoint({
    id: 'bulkUpdateGridBoxes', domain: 'bulk', method: 'POST', path: '/bulk/grid_boxes',
    summary: 'Set the status and/or colour of many grid boxes at once (null clears); all or nothing, undoable',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({
        company_id: CompanyId,
        GridBoxIDs: IdList('grid box', 'grid boxes'),
        Status: z.string().trim().max(BOX_STATUS_MAX, { error: `must be at most ${BOX_STATUS_MAX} characters` }).nullable().optional(),
        Color: HexColor.nullable().optional(),
      }),
    },
    response: changed,
    clientMessages: { failure: bulkMessages.failed },
  }),
  bulkUpdateObservations: defineEndpoint({
    id: 'bulkUpdateObservations', domain: 'bulk', method: 'POST', path: '/bulk/observations',
    summary: 'Resolve many open observations, or reassign them to another problem; all or nothing, undoable',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({
        company_id: CompanyId,
        observation_ids: IdList('observation', 'observations'),
        action: z.enum(['resolve', 'reassign'], { error: 'must be resolve or reassign' }),
        problem: z.string().trim().min(1, { error: 'is required' }).max(PROBLEM_NAME_MAX, { error: `must be at most ${PROBLEM_NAME_MAX} characters` }).optional(),
      }),
    },
    response: changed,
    clientMessages: { failure: bulkMessages.failed },
  }),
  bulkUpdateTasks: defineEndpoint({
    id: 'bulkUpdateTasks', domain: 'bulk', method: 'POST', path: '/bulk/tasks',
    summary: 'Assign many tasks to one user, or close them (status done); all or nothing, undoable',
    auth: anyone, tenancy: { company: ['company_id'], user: ['assignee_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({
        company_id: CompanyId,
        task_ids: IdList('task', 'tasks'),
        action: z.enum(['assign', 'close'], { error: 'must be assign or close' }),
        assignee_id: Id.optional(),
      }),
    },
    response: changed,
    clientMessages: { failure: bulkMessages.failed },
  }),
  undoBulkChange: defineEndpoint({
    id: 'undoBulkChange', domain: 'bulk', method: 'POST', path: '/bulk/undo',
    summary: "Undo one of the caller's bulk changes: every record back to its value before, refused (409) if one changed since",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, change_id: Id }) },
    response: changed,
    clientMessages: { failure: bulkMessages.undoFailed },
  }),
};
