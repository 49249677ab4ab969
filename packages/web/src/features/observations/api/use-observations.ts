import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObservationListItem, ProblemAction } from '@verdant/contract';
import { getFieldResponses, getProblemObservations, manageProblem, type ObservationFilters } from '../../../api/observations';
import { loadRoomGridsBoxes } from '../../../api/rooms';
import { observationKeys } from './observation-keys';

/** One page of observations; the previous page stays on screen while the next loads. */
export const observationsQuery = (companyId: number, filters: ObservationFilters) =>
  queryOptions({
    queryKey: observationKeys.list(companyId, filters),
    queryFn: () => getProblemObservations(companyId, filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The answers of the response an observation came from. */
export const responseQuery = (companyId: number, responseId: number) =>
  queryOptions({
    queryKey: observationKeys.response(companyId, responseId),
    queryFn: () => getFieldResponses(responseId),
    staleTime: 5 * 60_000,
  });

/** The company's rooms for the filter; same key as the rooms screen, so the two share one copy. */
export const roomOptionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['rooms', companyId, 'list'] as const,
    queryFn: () => loadRoomGridsBoxes(companyId),
    networkMode: 'always',
  });

type Page = Awaited<ReturnType<typeof getProblemObservations>>;

/** Resolve, dismiss or reopen one observation; the row shows its new status at once, then lists reload. */
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
      void qc.invalidateQueries({ queryKey: observationKeys.lists(companyId) });
    },
  });
}
