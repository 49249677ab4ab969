import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProblemAction } from '@verdant/contract';
import {
  manageProblem,
  manageProblemsByTypeGrid,
  manageProblemsByTypeRoom,
  updateUnresolvedProblemsForGrid,
  updateUnresolvedProblemsForRoom,
} from '../../../api/unresolved-problems';
import { invalidateProblems } from '../../../api/queries/problems';

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

/** Any change to problems: every problem read of the company (map circles, box, room and observation lists) refetches. */
export function useInvalidateProblems(companyId: number) {
  const queryClient = useQueryClient();
  return () => invalidateProblems(queryClient, companyId);
}

export function useProblemAction(companyId: number, userId: number) {
  const invalidate = useInvalidateProblems(companyId);
  return useMutation({
    mutationFn: (input: ProblemActionInput) => runProblemAction(input, userId),
    onSettled: () => invalidate(),
  });
}
