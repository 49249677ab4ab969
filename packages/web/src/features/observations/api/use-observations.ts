import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObservationListItem, ProblemAction } from '@verdant/contract';
import { getProblemObservations, manageProblem } from '../../../api/observations';
import { observationKeys } from '../../../api/queries/observations';
import { invalidateProblems } from '../../../api/queries/problems';

type Page = Awaited<ReturnType<typeof getProblemObservations>>;

/**
 * Resolve, dismiss or reopen one observation; the row shows its new status at once, then the lists
 * and every other problem view (the room map, box and room lists) reload.
 */
export function useManageObservation(companyId: number, userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ProblemAction }) => manageProblem(id, action, userId),
    onSuccess: ({ problem }) => {
      qc.setQueriesData<Page>({ queryKey: observationKeys.lists(companyId) }, (page) =>
        page
          ? { ...page, observations: page.observations.map((o): ObservationListItem => (o.ProblemID === problem.ProblemID ? { ...o, Status: problem.Status } : o)) }
          : page,
      );
      void invalidateProblems(qc, companyId);
    },
  });
}
