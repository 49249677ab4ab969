import { describe, expect, it, vi } from 'vitest';
import { getCookie } from '../cookies';
import { endSession, homePathFor, isLoggedIn, onSessionEnd, readSession, setNavigateHandler, startSession, STORAGE_KEYS } from '../session';
import { makeJwt, nowSeconds } from '../../testing/jwt';

describe('session storage', () => {
  it('keeps the access token and logged-in flag in localStorage, the rest in cookies', () => {
    const access = makeJwt({ user_id: 5, user_role: 'Regular', company_id: 9, exp: nowSeconds() + 60 });
    startSession({ access_token: access, refresh_token: 'r1', user: { user_id: 5, company_id: 9, user_role: 'Regular' } });

    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(isLoggedIn()).toBe(true);
    expect(getCookie(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(getCookie(STORAGE_KEYS.userRole)).toBe('Regular');
    expect(getCookie(STORAGE_KEYS.userId)).toBe('5');
    expect(getCookie(STORAGE_KEYS.companyID)).toBe('9');
    expect(readSession()).toEqual({ accessToken: access, refreshToken: 'r1', userRole: 'Regular', userId: 5, companyID: 9 });
  });

  it('takes the role from the access token claim user_role', () => {
    const access = makeJwt({ user_id: 5, user_role: 'Admin', company_id: 9, exp: nowSeconds() + 60 });
    startSession({ access_token: access, refresh_token: 'r1', user: { user_id: 5, company_id: 9, user_role: 'Regular' } });
    expect(readSession().userRole).toBe('Admin');
  });

  it('logout removes everything, runs clean-ups and goes to /signIn', () => {
    startSession({ access_token: 'a', refresh_token: 'r', user: { user_id: 1, company_id: 1, user_role: 'Admin' } });
    const navigate = vi.fn();
    const cleanup = vi.fn();
    setNavigateHandler(navigate);
    const off = onSessionEnd(cleanup);
    endSession();
    off();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(cleanup).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/signIn');
  });

  it('sends Admins to /dashboard and everyone else to /dashboard/quickview', () => {
    expect(homePathFor('Admin')).toBe('/dashboard');
    expect(homePathFor('SuperAdmin')).toBe('/dashboard/quickview');
    expect(homePathFor('Regular')).toBe('/dashboard/quickview');
  });
});
