import { describe, expect, it } from 'vitest';
import { authMessages, invitationsMessages } from '@verdant/contract';
import { assertInvitationUsable, assertMayInvite, type InvitationRow } from './invitations.service.js';

const now = new Date('2026-01-01T12:00:00Z');
const invitation = (over: Partial<InvitationRow> = {}): InvitationRow => ({
  invitation_id: 1,
  company_id: 1,
  email: 'a@b.co',
  role: 'Regular',
  token_hash: 'h',
  invited_by: 1,
  created_at: now,
  expires_at: new Date(now.getTime() + 1000),
  used_at: null,
  used_by: null,
  ...over,
});
const caller = (user_role: 'SuperAdmin' | 'Admin' | 'Regular') => ({ user_id: 1, company_id: 1, user_role });

describe('assertMayInvite', () => {
  it('forbids an Admin to invite a SuperAdmin', () => {
    expect(() => assertMayInvite(caller('Admin'), 'SuperAdmin')).toThrow(invitationsMessages.superAdminByAdmin);
  });

  it('allows a SuperAdmin anything and an Admin the other roles', () => {
    expect(() => assertMayInvite(caller('SuperAdmin'), 'SuperAdmin')).not.toThrow();
    expect(() => assertMayInvite(caller('Admin'), 'Admin')).not.toThrow();
    expect(() => assertMayInvite(caller('Admin'), 'Regular')).not.toThrow();
  });
});

describe('assertInvitationUsable', () => {
  it.each([
    ['unknown', undefined, authMessages.inviteUnknown],
    ['used', invitation({ used_at: now }), authMessages.inviteUsed],
    ['expired', invitation({ expires_at: now }), authMessages.inviteExpired],
  ])('refuses an %s invitation under invite_token', (_what, inv, message) => {
    expect(() => assertInvitationUsable(inv, now)).toThrow(expect.objectContaining({ message, field: 'invite_token', statusCode: 400 }));
  });

  it('accepts an open invitation', () => {
    expect(() => assertInvitationUsable(invitation(), now)).not.toThrow();
  });
});
