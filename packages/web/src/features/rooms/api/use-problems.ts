import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProblemAction } from '@verdant/contract';
import {
  getUnresolvedProblemsForGridbox,
  getUnresolvedProblemsForGridCircles,
  getUnresolvedProblemsForRoom,
  manageProblem,
  manageProblemsByTypeGrid,
  manageProblemsByTypeRoom,
  updateUnresolvedProblemsForGrid,
  updateUnresolvedProblemsForRoom,
} from '../../../api/unresolved-problems';
import { roomKeys } from './room-keys';

export const gridCirclesQuery = (companyId: number, gridId: number) =>
  queryOptions({
    queryKey: roomKeys.gridCircles(companyId, gridId),
    queryFn: () => getUnresolvedProblemsForGridCircles(gridId),
    staleTime: 30_000,
  });

export const boxProblemsQuery = (companyId: number, boxId: number) =>
  queryOptions({ queryKey: roomKeys.boxProblems(companyId, boxId), queryFn: () => getUnresolvedProblemsForGridbox(boxId), staleTime: 0 });

export const roomProblemsQuery = (companyId: number, roomId: number) =>
  queryOptions({ queryKey: roomKeys.roomProblems(companyId, roomId), queryFn: () => getUnresolvedProblemsForRoom(roomId), staleTime: 0 });

/** Where a bulk action applies; `problemType` narrows it to one problem. */
export type ProblemScope =
  | { kind: 'observation'; problemId: number }
  | { kind: 'room'; roomId: number; problemType?: string }
  | { kind: 'grid'; gridId: number; problemType?: string };

export interface ProblemActionInput {
  scope: ProblemScope;
  action: ProblemAction;
}

/** The one call a scope and action make; answers how many observations changed and which. */
export async function runProblemAction({ scope, action }: ProblemActionInput, userId: number): Promise<{ affected: number; ProblemIDs: number[] }> {
  switch (scope.kind) {
    case 'observation': {
      const res = await manageProblem(scope.problemId, action, userId);
      return { affected: 1, ProblemIDs: [res.problem.ProblemID] };
    }
    case 'room':
      return scope.problemType
        ? manageProblemsByTypeRoom(scope.roomId, scope.problemType, action, userId)
        : updateUnresolvedProblemsForRoom(scope.roomId, action, userId);
    case 'grid':
      return scope.problemType
        ? manageProblemsByTypeGrid(scope.gridId, scope.problemType, action, userId)
        : updateUnresolvedProblemsForGrid(scope.gridId, action, userId);
  }
}

/** Any change to problems: every problem read of the company (map circles, box and room lists) refetches. */
export function useInvalidateProblems(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => {
        const [root, company, kind] = q.queryKey as [unknown, unknown, unknown];
        return root === 'rooms' && company === companyId && typeof kind === 'string' && kind.endsWith('problems');
      },
    }).then(() => queryClient.invalidateQueries({ queryKey: roomKeys.circlesAll(companyId) }));
}

export function useProblemAction(companyId: number, userId: number) {
  const invalidate = useInvalidateProblems(companyId);
  return useMutation({
    mutationFn: (input: ProblemActionInput) => runProblemAction(input, userId),
    onSettled: () => invalidate(),
  });
}
