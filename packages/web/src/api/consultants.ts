import { consultantsEndpoints as ep, consultantsMessages as msg, type EndpointRequest } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export type InviteConsultantInput = EndpointRequest<typeof ep.inviteConsultant>;
export type UpdateConsultantRoomsInput = EndpointRequest<typeof ep.updateConsultantRooms>;
export type RevokeConsultantInput = EndpointRequest<typeof ep.revokeConsultant>;

/** GET /get_consultants?company_id (Admin): invited and active consultants with their rooms. */
export function getConsultants(companyId: number) {
  return withFallback(msg.fetchFailed, async () => (await callEndpoint(ep.getConsultants, { company_id: companyId })).consultants);
}

/** POST /invite_consultant (Admin): e-mail, name and rooms; answers the invite token (null when access is restored). */
export function inviteConsultant(input: InviteConsultantInput) {
  return withFallback(msg.inviteFailed, () => callEndpoint(ep.inviteConsultant, input));
}

/** POST /update_consultant_rooms (Admin): replaces the consultant's rooms. */
export function updateConsultantRooms(input: UpdateConsultantRoomsInput) {
  return withFallback(msg.updateFailed, async () => (await callEndpoint(ep.updateConsultantRooms, input)).consultant);
}

/** POST /revoke_consultant (Admin): the consultant's access ends at once. */
export function revokeConsultant(input: RevokeConsultantInput) {
  return withFallback(msg.revokeFailed, () => callEndpoint(ep.revokeConsultant, input));
}

/** GET /get_consultant_rooms?company_id: the rooms the signed-in consultant was given. */
export function getConsultantRooms(companyId: number) {
  return withFallback(msg.fetchFailed, async () => (await callEndpoint(ep.getConsultantRooms, { company_id: companyId })).rooms);
}
