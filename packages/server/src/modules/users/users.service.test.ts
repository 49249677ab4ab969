import { describe, expect, it } from 'vitest';
import { usersMessages } from '@verdant/contract';
import { assertSelfOrAdmin } from './users.service.js';

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
