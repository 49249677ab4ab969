import { describe, expect, it } from 'vitest';
import { usersMessages } from '@verdant/contract';
import { assertMayChangeRole, assertMaySetActive, assertSelfOrAdmin } from './users.service.js';

const caller = (user_role: 'SuperAdmin' | 'Admin' | 'Regular') => ({ user_id: 1, company_id: 1, user_role });

describe('assertSelfOrAdmin', () => {
  it('refuses a Regular user for someone else', () => {
    expect(() => assertSelfOrAdmin(caller('Regular'), 2)).toThrow(usersMessages.notYours);
  });

  it('allows anyone for themselves and admins for colleagues', () => {
    expect(() => assertSelfOrAdmin(caller('Regular'), 1)).not.toThrow();
    expect(() => assertSelfOrAdmin(caller('Admin'), 2)).not.toThrow();
    expect(() => assertSelfOrAdmin(caller('SuperAdmin'), 2)).not.toThrow();
  });
});

describe('assertMayChangeRole', () => {
  const target = (user_role: 'SuperAdmin' | 'Admin' | 'Regular') => ({ user_id: 2, user_role });

  it('refuses your own role, and any SuperAdmin change by an Admin', () => {
    expect(() => assertMayChangeRole(caller('SuperAdmin'), { user_id: 1, user_role: 'SuperAdmin' }, 'Admin')).toThrow(usersMessages.notOwnRole);
    expect(() => assertMayChangeRole(caller('Admin'), target('Regular'), 'SuperAdmin')).toThrow(usersMessages.superAdminRole);
    expect(() => assertMayChangeRole(caller('Admin'), target('SuperAdmin'), 'Admin')).toThrow(usersMessages.superAdminRole);
  });

  it('allows an Admin between Admin and Regular, and a SuperAdmin anything for others', () => {
    expect(() => assertMayChangeRole(caller('Admin'), target('Regular'), 'Admin')).not.toThrow();
    expect(() => assertMayChangeRole(caller('SuperAdmin'), target('SuperAdmin'), 'Regular')).not.toThrow();
  });
});

describe('assertMaySetActive', () => {
  it('refuses yourself, and a SuperAdmin by an Admin', () => {
    expect(() => assertMaySetActive(caller('Admin'), { user_id: 1, user_role: 'Admin' })).toThrow(usersMessages.notYourself);
    expect(() => assertMaySetActive(caller('Admin'), { user_id: 2, user_role: 'SuperAdmin' })).toThrow(usersMessages.superAdminDeactivate);
    expect(() => assertMaySetActive(caller('SuperAdmin'), { user_id: 2, user_role: 'SuperAdmin' })).not.toThrow();
  });
});
