import { queryOptions, onlineManager } from '@tanstack/react-query';
import { getThreshold, getUserLanguage, loadUsers } from '../users';
import { offlineRead } from '../offline-read';
import { readSession } from '../../lib/session';

/** Query keys of the company's users (TkDodo's factory); a role or active change invalidates `all`. */
export const userKeys = {
  all: (companyId: number) => ['users', companyId] as const,
  list: (companyId: number) => [...userKeys.all(companyId), 'list'] as const,
  /** The user-data query: keyed by user id and company id (spec-1 §7). */
  data: (userId: number, companyId: number) => [...userKeys.all(companyId), 'data', userId] as const,
  /** The threshold belongs to the user alone (GET /threshold takes no company). */
  threshold: (userId: number) => ['users', 'threshold', userId] as const,
  /** The user's own language, the company's and the one in effect. */
  language: (userId: number, companyId: number) => [...userKeys.all(companyId), 'language', userId] as const,
};

export const usersListQuery = (companyId: number) =>
  queryOptions({
    queryKey: userKeys.list(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => loadUsers(companyId)),
    networkMode: 'always',
  });

/** The signed-in user's own record; refetches on window focus only while online (spec-1 §4). */
export const userDataQuery = (userId: number, companyId: number) =>
  queryOptions({
    queryKey: userKeys.data(userId, companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, async () => (await loadUsers(companyId, userId))[0] ?? null),
    networkMode: 'always',
    refetchOnWindowFocus: () => onlineManager.isOnline(),
  });

export const thresholdQuery = (userId: number) =>
  queryOptions({
    queryKey: userKeys.threshold(userId),
    // The threshold's key has no company; its local copy is kept under the signed-in company's.
    queryFn: ({ queryKey }) => offlineRead(readSession().companyID ?? 0, queryKey, () => getThreshold(userId)),
    networkMode: 'always',
  });

/** The language the signed-in user reads the app in (own, else the company's); kept offline like their record. */
export const userLanguageQuery = (userId: number, companyId: number) =>
  queryOptions({
    queryKey: userKeys.language(userId, companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getUserLanguage(userId)),
    networkMode: 'always',
  });
