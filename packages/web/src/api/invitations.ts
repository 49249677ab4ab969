import { invitationsEndpoints, invitationsMessages, type EndpointRequest } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { httpPlain } from './http';

export type CreateInvitationInput = EndpointRequest<typeof invitationsEndpoints.createInvitation>;

/** POST /create_invitation (company_id, email, role): answers the invite token and mails the link. */
export async function createInvitation(input: CreateInvitationInput) {
  return callEndpoint(invitationsEndpoints.createInvitation, input);
}

/**
 * GET /pending_invitations?company_id. An array answer is accepted; a status-error answer yields its
 * message; any other shape yields 'Unexpected response from server'.
 */
export async function getPendingInvitations(companyId: number | null | undefined) {
  if (!companyId) throw new ApiError(invitationsMessages.missingCompany);
  return callEndpoint(invitationsEndpoints.pendingInvitations, { company_id: companyId });
}

/** GET /invitation_status?invite_token (public): valid / used / expired / unknown, for the sign-up page. */
export async function getInvitationStatus(inviteToken: string) {
  return (await callEndpoint(invitationsEndpoints.invitationStatus, { invite_token: inviteToken }, httpPlain)).invitation;
}
