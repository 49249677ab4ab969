import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getFieldResponses, getProblemObservations, type ObservationFilters } from '../observations';
import { offlineRead } from '../offline-read';

export const observationKeys = {
  all: (companyId: number) => ['observations', companyId] as const,
  lists: (companyId: number) => [...observationKeys.all(companyId), 'list'] as const,
  list: (companyId: number, filters: ObservationFilters) => [...observationKeys.lists(companyId), filters] as const,
  response: (companyId: number, responseId: number) => [...observationKeys.all(companyId), 'response', responseId] as const,
};

/** One page of observations; the previous page stays on screen while the next loads. */
export const observationsQuery = (companyId: number, filters: ObservationFilters) =>
  queryOptions({
    queryKey: observationKeys.list(companyId, filters),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getProblemObservations(companyId, filters)),
    networkMode: 'always',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * The company's newest observations (the most the read gives), for counting the most-seen problems. Its key
 * names no date, so the copy the offline fill keeps on the device is found again on any later day; the
 * caller keeps the days it counts over (quick observation: 30).
 */
export const recentObservationsQuery = (companyId: number, limit: number) =>
  queryOptions({
    ...observationsQuery(companyId, { limit, offset: 0 }),
    placeholderData: undefined,
    staleTime: 5 * 60_000,
  });

/** The answers of the response an observation came from. */
export const responseQuery = (companyId: number, responseId: number) =>
  queryOptions({
    queryKey: observationKeys.response(companyId, responseId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getFieldResponses(responseId)),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
