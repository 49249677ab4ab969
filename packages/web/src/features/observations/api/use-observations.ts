import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObservationListItem, ProblemAction, ProblemObservation } from '@verdant/contract';
import type { getProblemObservations } from '../../../api/observations';
import { queueAction } from '../../../api/action-queue';
import { observationKeys } from '../../../api/queries/observations';
import { invalidateProblems } from '../../../api/queries/problems';

type Page = Awaited<ReturnType<typeof getProblemObservations>>;
type Status = ObservationListItem['Status'];

const STATUS_AFTER: Record<ProblemAction, Status> = { resolve: 'resolved', dismiss: 'dismissed', reopen: 'open' };

/** The observation as the cached lists hold it, if one of them has it. */
function findCached(qc: ReturnType<typeof useQueryClient>, companyId: number, id: number): ObservationListItem | undefined {
  for (const [, page] of qc.getQueriesData<Page>({ queryKey: observationKeys.lists(companyId) })) {
    const hit = page?.observations.find((o) => o.ProblemID === id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Resolve, dismiss or reopen one observation through the outbox: the row shows its new status at once
 * (also offline, while it waits), then the lists and every other problem view (the room map, box and
 * room lists) reload. An observation someone else closed or reopened meanwhile is refused (409) and
 * the outbox says it changed on the server.
 */
export function useManageObservation(companyId: number, userId: number) {
  const qc = useQueryClient();
  const show = (id: number, status: Status) =>
    qc.setQueriesData<Page>({ queryKey: observationKeys.lists(companyId) }, (page) =>
      page ? { ...page, observations: page.observations.map((o): ObservationListItem => (o.ProblemID === id ? { ...o, Status: status } : o)) } : page,
    );
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, action }: { id: number; action: ProblemAction }): Promise<{ problem: Pick<ProblemObservation, 'ProblemID' | 'Problem' | 'Status'>; queued: boolean }> => {
      const seen = findCached(qc, companyId, id);
      const out = await queueAction(
        'manageProblem',
        { problemID: id, action, userID: userId },
        { companyId, userId, label: seen?.Problem ?? `#${id}`, target: { type: 'problem', id } },
      );
      if (!out.queued && out.result) return { problem: out.result.problem, queued: false };
      return { problem: { ProblemID: id, Problem: seen?.Problem ?? `#${id}`, Status: STATUS_AFTER[action] }, queued: true };
    },
    onSuccess: ({ problem }) => {
      show(problem.ProblemID, problem.Status);
      void invalidateProblems(qc, companyId);
    },
  });
}
