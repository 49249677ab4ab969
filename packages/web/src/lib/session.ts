import { USER_ROLES, type UserRole } from '@verdant/contract';
import { getCookie, removeCookie, setCookie } from './cookies';
import { decodeJwt } from './jwt';
import { paths } from './paths';

/** Client auth state (spec-1 §3). */
export interface Session {
  userRole: UserRole | null;
  userId: number | null;
  accessToken: string | null;
  refreshToken: string | null;
  companyID: number | null;
}

export interface SignedInData {
  access_token: string;
  refresh_token: string;
  user: { user_id: number; company_id: number; user_role: UserRole };
}

/** Storage names; the spec leaves them open. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  loggedIn: 'isLoggedIn',
  userRole: 'userRole',
  userId: 'userId',
  refreshToken: 'refreshToken',
  companyID: 'companyID',
} as const;

const COOKIE_KEYS = [STORAGE_KEYS.userRole, STORAGE_KEYS.userId, STORAGE_KEYS.refreshToken, STORAGE_KEYS.companyID];
/** Cookies outlive the browser session for as long as a refresh token can (the server enforces the real limit). */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

type Listener = (session: Session) => void;
const listeners = new Set<Listener>();

function toNumber(v: string | null): number | null {
  if (v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function toRole(v: unknown): UserRole | null {
  return typeof v === 'string' && (USER_ROLES as readonly string[]).includes(v) ? (v as UserRole) : null;
}

export function readSession(): Session {
  const accessToken = localStorage.getItem(STORAGE_KEYS.accessToken);
  return {
    accessToken,
    refreshToken: getCookie(STORAGE_KEYS.refreshToken),
    userRole: toRole(getCookie(STORAGE_KEYS.userRole)) ?? toRole(decodeJwt(accessToken)?.user_role),
    userId: toNumber(getCookie(STORAGE_KEYS.userId)),
    companyID: toNumber(getCookie(STORAGE_KEYS.companyID)),
  };
}

export function isLoggedIn(): boolean {
  return localStorage.getItem(STORAGE_KEYS.loggedIn) === 'true';
}

function notify() {
  const s = readSession();
  for (const l of listeners) l(s);
}

/** Called by the Redux wiring so the `auth` slice mirrors storage. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After sign-in or sign-up. The role is the access token's `user_role` claim when it has one. */
export function startSession(data: SignedInData): Session {
  const role = toRole(decodeJwt(data.access_token)?.user_role) ?? data.user.user_role;
  localStorage.setItem(STORAGE_KEYS.accessToken, data.access_token);
  localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
  setCookie(STORAGE_KEYS.userRole, role, COOKIE_MAX_AGE);
  setCookie(STORAGE_KEYS.userId, String(data.user.user_id), COOKIE_MAX_AGE);
  setCookie(STORAGE_KEYS.refreshToken, data.refresh_token, COOKIE_MAX_AGE);
  setCookie(STORAGE_KEYS.companyID, String(data.user.company_id), COOKIE_MAX_AGE);
  notify();
  return readSession();
}

/** After a token refresh. */
export function storeTokens(accessToken: string, refreshToken: string) {
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  setCookie(STORAGE_KEYS.refreshToken, refreshToken, COOKIE_MAX_AGE);
  const role = toRole(decodeJwt(accessToken)?.user_role);
  if (role) setCookie(STORAGE_KEYS.userRole, role, COOKIE_MAX_AGE);
  notify();
}

/** Removes every stored session value and the logged-in flag. */
export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.loggedIn);
  for (const key of COOKIE_KEYS) removeCookie(key);
  notify();
}

/** Where sign-in lands: a consultant on their rooms (docs/decisions.md, "Consultants"). */
export function homePathFor(role: UserRole | null | undefined): string {
  if (role === 'Consultant') return paths.consultants;
  return role === 'Admin' ? paths.dashboard : paths.quickview;
}

type Navigate = (path: string) => void;
let navigateHandler: Navigate = (path) => window.location.assign(path);
const endHandlers = new Set<() => void>();

/** The router registers its navigate function so session ends stay inside the SPA. */
export function setNavigateHandler(fn: Navigate) {
  navigateHandler = fn;
}

/** Extra clean-up on session end (query cache, UI state). */
export function onSessionEnd(fn: () => void): () => void {
  endHandlers.add(fn);
  return () => endHandlers.delete(fn);
}

/** Logout and expired refresh token: clear everything, then go to /signIn. */
export function endSession() {
  clearSession();
  for (const fn of endHandlers) {
    try {
      fn();
    } catch (err) {
      console.error('Session clean-up failed', err);
    }
  }
  navigateHandler(paths.signIn);
}
