import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, Id, NonEmpty } from '../common/fields.js';
import { Cursor, Limit, Offset } from '../common/pagination.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const admins = { kind: 'user', roles: ADMIN_ROLES } as const;
const DateParam = CalendarDate;
/** Optional place ids: the multi-select submit sends them as null. */
const OptionalId = Id.nullable().optional();

export const AUDIT_TITLE_MAX_LENGTH = 500;
const EventTitle = NonEmpty.max(AUDIT_TITLE_MAX_LENGTH, { error: `must be at most ${AUDIT_TITLE_MAX_LENGTH} characters` });

/** Events people add through add_audit_event are stored with this action and entity type; every other event is the server's. */
export const AUDIT_NOTE_ACTION = 'note';
export const AUDIT_NOTE_ENTITY = 'audit_note';

export const AuditEvent = z.object({
  id: z.number(),
  CompanyID: z.number().nullable(),
  UserID: z.number().nullable(),
  UserName: z.string().nullable(),
  /** The note's own title, or a readable title derived from action + entity for server events. */
  EventTitle: z.string(),
  Action: z.string(),
  EntityType: z.string(),
  EntityID: z.string().nullable(),
  RoomID: z.number().nullable(),
  BatchID: z.number().nullable(),
  response_id: z.number().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  CreatedAt: z.string(),
  /** True for a note the caller may edit or delete. */
  editable: z.boolean(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const auditMessages = {
  fetchFailed: 'Failed to fetch audit events',
  addFailed: 'Failed to add audit event',
  updateFailed: 'Failed to update audit event',
  deleteFailed: 'Failed to delete audit event',
  added: 'Audit event added.',
  updated: 'Audit event updated.',
  deleted: 'Audit event deleted.',
  systemEvent: 'System events cannot be changed.',
  onlyOwn: 'You can only change your own notes.',
} as const;

export const auditEndpoints = {
  getAuditEvents: defineEndpoint({
    id: 'getAuditEvents', domain: 'audit', method: 'GET', path: '/get_audit_events',
    summary: 'The company audit trail, newest first (Admins and SuperAdmins only)',
    auth: admins, tenancy: { company: ['company_id'], user: ['user_id'] },
    query: z.object({
      company_id: CompanyId,
      action: z.string().trim().min(1).optional(),
      entity_type: z.string().trim().min(1).optional(),
      user_id: Id.optional(),
      start_date: DateParam.optional(),
      end_date: DateParam.optional(),
      limit: Limit(100, 500),
      offset: Offset,
      /** Verdant extension (issue 19): keyset paging, the `next_cursor` of the page before. */
      cursor: Cursor,
    }),
    response: success({
      events: z.array(AuditEvent),
      /** Counted up to COUNT_CAP; with `total_capped` there are more. */
      total_count: z.number(),
      /** Verdant extension (issue 19): true when total_count stopped at COUNT_CAP. Always sent; optional for older copies. */
      total_capped: z.boolean().optional(),
      /** Verdant extension (issue 19): where the next page starts (null on the last page). Always sent. */
      next_cursor: z.string().nullable().optional(),
    }),
    clientMessages: { failure: auditMessages.fetchFailed },
  }),
  addAuditEvent: defineEndpoint({
    id: 'addAuditEvent', domain: 'audit', method: 'POST', path: '/add_audit_event',
    summary: 'Add a note to the audit trail (of your company, as yourself or a colleague)',
    auth: anyone, tenancy: { company: ['CompanyID'], user: ['UserID'], resource: true },
    either: z.object({
      CompanyID: CompanyId, UserID: Id, EventTitle,
      RoomID: OptionalId, BatchID: OptionalId, response_id: OptionalId,
    }),
    response: success({ message: z.string(), event: AuditEvent }),
    clientMessages: { failure: auditMessages.addFailed },
  }),
  updateAuditEvent: defineEndpoint({
    id: 'updateAuditEvent', domain: 'audit', method: 'PUT', path: '/update_audit_event/{id}',
    summary: 'Retitle a note (its author, or an Admin/SuperAdmin); system events cannot be changed',
    auth: anyone, tenancy: { resource: true },
    params: z.object({ id: Id }),
    either: z.object({ EventTitle }),
    response: success({ message: z.string(), event: AuditEvent }),
    clientMessages: { failure: auditMessages.updateFailed },
  }),
  deleteAuditEvent: defineEndpoint({
    id: 'deleteAuditEvent', domain: 'audit', method: 'DELETE', path: '/delete_audit_event/{id}',
    summary: 'Delete a note (its author, or an Admin/SuperAdmin); the deletion is itself recorded',
    auth: anyone, tenancy: { resource: true },
    params: z.object({ id: Id }),
    response: success({ message: z.string(), id: z.number() }),
    clientMessages: { failure: auditMessages.deleteFailed },
  }),
};
