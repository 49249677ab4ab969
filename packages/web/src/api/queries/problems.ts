import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  getUnresolvedProblemsForGridbox,
  getUnresolvedProblemsForGridCircles,
  getUnresolvedProblemsForRoom,
} from '../unresolved-problems';
import { offlineRead } from '../offline-read';
import { roomKeys } from './rooms';
import { observationKeys } from './observations';

export const gridCirclesQuery = (companyId: number, gridId: number) =>
  queryOptions({
    queryKey: roomKeys.gridCircles(companyId, gridId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getUnresolvedProblemsForGridCircles(gridId)),
    networkMode: 'always',
    staleTime: 30_000,
  });

export const boxProblemsQuery = (companyId: number, boxId: number) =>
  queryOptions({
    queryKey: roomKeys.boxProblems(companyId, boxId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getUnresolvedProblemsForGridbox(boxId)),
    networkMode: 'always',
    staleTime: 0,
  });

export const roomProblemsQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: roomKeys.roomProblems(companyId, roomId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getUnresolvedProblemsForRoom(roomId)),
    networkMode: 'always',
    staleTime: 0,
  });

/**
 * Any change to problems (an action on the map, a box, the observations list, or a submitted form
 * that made observations): every problem read of the company refetches — box and room lists, the map's
 * circles and the observations pages.
 */
export function invalidateProblems(queryClient: QueryClient, companyId: number): Promise<unknown> {
  return Promise.all([
    queryClient
      .invalidateQueries({
        predicate: (q) => {
          const [root, company, kind] = q.queryKey as [unknown, unknown, unknown];
          return root === roomKeys.all(companyId)[0] && company === companyId && typeof kind === 'string' && kind.endsWith('problems');
        },
      })
      .then(() => queryClient.invalidateQueries({ queryKey: roomKeys.circlesAll(companyId) })),
    queryClient.invalidateQueries({ queryKey: observationKeys.lists(companyId) }),
  ]);
}
