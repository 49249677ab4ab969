import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProblemAction } from '@verdant/contract';
import { queueAction } from '../../../../api/action-queue';
import { invalidateProblems } from '../../../../api/queries/problems';

/** Where a bulk action applies; `problemType` narrows it to one problem. */
export type ProblemScope =
  | { kind: 'observation'; problemId: number }
  | { kind: 'room'; roomId: number; problemType?: string }
  | { kind: 'grid'; gridId: number; problemType?: string };

export interface ProblemActionInput {
  scope: ProblemScope;
  action: ProblemAction;
}

/** The one call a scope and action make, through the outbox; answers how many observations changed and which. */
export async function runProblemAction(
  { scope, action }: ProblemActionInput,
  userId: number,
  companyId: number,
): Promise<{ affected: number; ProblemIDs: number[]; queued: boolean }> {
  const meta = { companyId, userId };
  switch (scope.kind) {
    case 'observation': {
      const out = await queueAction(
        'manageProblem',
        { problemID: scope.problemId, action, userID: userId },
        { ...meta, label: `#${scope.problemId}`, target: { type: 'problem', id: scope.problemId } },
      );
      return { affected: 1, ProblemIDs: [scope.problemId], queued: out.queued };
    }
    case 'room': {
      const target = { type: 'problems' as const, id: scope.roomId };
      const out = scope.problemType
        ? await queueAction('manageProblemsByTypeRoom', { roomID: scope.roomId, problemType: scope.problemType, action, userID: userId }, { ...meta, label: scope.problemType, target })
        : await queueAction('updateUnresolvedProblemsForRoom', { roomID: scope.roomId, action, userID: userId }, { ...meta, label: `#${scope.roomId}`, target });
      return out.queued || !out.result ? { affected: 0, ProblemIDs: [], queued: true } : { affected: out.result.affected, ProblemIDs: out.result.ProblemIDs, queued: false };
    }
    case 'grid': {
      const target = { type: 'problems' as const, id: scope.gridId };
      const out = scope.problemType
        ? await queueAction('manageProblemsByTypeGrid', { gridID: scope.gridId, problemType: scope.problemType, action, userID: userId }, { ...meta, label: scope.problemType, target })
        : await queueAction('updateUnresolvedProblemsForGrid', { gridID: scope.gridId, action, userID: userId }, { ...meta, label: `#${scope.gridId}`, target });
      return out.queued || !out.result ? { affected: 0, ProblemIDs: [], queued: true } : { affected: out.result.affected, ProblemIDs: out.result.ProblemIDs, queued: false };
    }
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
    // Through the outbox: offline it waits (answering `queued: true`) instead of pausing.
    networkMode: 'always',
    mutationFn: (input: ProblemActionInput) => runProblemAction(input, userId, companyId),
    onSettled: () => invalidate(),
  });
}
