import type { ObservationFilters } from '../../../api/observations';

export const observationKeys = {
  all: (companyId: number) => ['observations', companyId] as const,
  lists: (companyId: number) => [...observationKeys.all(companyId), 'list'] as const,
  list: (companyId: number, filters: ObservationFilters) => [...observationKeys.lists(companyId), filters] as const,
  response: (companyId: number, responseId: number) => [...observationKeys.all(companyId), 'response', responseId] as const,
  comments: (companyId: number, responseId: number) => [...observationKeys.all(companyId), 'comments', responseId] as const,
};
