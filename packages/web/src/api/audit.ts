import { auditEndpoints as ep, auditMessages as msg } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface AuditFilters {
  entity_type?: string;
  user_id?: number;
  start_date?: string;
  end_date?: string;
  limit?: number;
  offset?: number;
}

export interface AuditNoteInput {
  UserID: number;
  EventTitle: string;
  RoomID?: number | null;
  BatchID?: number | null;
  response_id?: number | null;
}

/** GET /get_audit_events?company_id: the trail, newest first (Admins and SuperAdmins). */
export function getAuditEvents(companyId: number, filters: AuditFilters = {}) {
  return withFallback(msg.fetchFailed, () => callEndpoint(ep.getAuditEvents, { company_id: companyId, limit: 100, offset: 0, ...filters }));
}

/** POST /add_audit_event: a note by a person. */
export function addAuditEvent(companyId: number, note: AuditNoteInput) {
  return withFallback(msg.addFailed, async () => (await callEndpoint(ep.addAuditEvent, { CompanyID: companyId, ...note })).event);
}

/** PUT /update_audit_event/{id}: retitle your own note. */
export function updateAuditEvent(id: number, title: string) {
  return withFallback(msg.updateFailed, async () => (await callEndpoint(ep.updateAuditEvent, { id, EventTitle: title })).event);
}

/** DELETE /delete_audit_event/{id}: delete your own note (the deletion is recorded). */
export function deleteAuditEvent(id: number) {
  return withFallback(msg.deleteFailed, async () => (await callEndpoint(ep.deleteAuditEvent, { id })).id);
}
