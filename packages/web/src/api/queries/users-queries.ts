import { queryOptions, onlineManager } from '@tanstack/react-query';
import { getThreshold, loadUsers } from '../users';

export const userKeys = {
  all: ['users'] as const,
  list: (companyId: number) => [...userKeys.all, 'list', companyId] as const,
  /** The user-data query: keyed by user id and company id (spec-1 §7). */
  data: (userId: number, companyId: number) => [...userKeys.all, 'data', userId, companyId] as const,
  threshold: (userId: number) => [...userKeys.all, 'threshold', userId] as const,
};

export const usersListQuery = (companyId: number) =>
  queryOptions({ queryKey: userKeys.list(companyId), queryFn: () => loadUsers(companyId) });

/** The signed-in user's own record; refetches on window focus only while online (spec-1 §4). */
export const userDataQuery = (userId: number, companyId: number) =>
  queryOptions({
    queryKey: userKeys.data(userId, companyId),
    queryFn: async () => (await loadUsers(companyId, userId))[0] ?? null,
    refetchOnWindowFocus: () => onlineManager.isOnline(),
  });

export const thresholdQuery = (userId: number) =>
  queryOptions({ queryKey: userKeys.threshold(userId), queryFn: () => getThreshold(userId) });
