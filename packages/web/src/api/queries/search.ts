import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchPlantsAutocomplete } from '../search';

export const searchKeys = {
  all: (companyId: number) => ['search', companyId] as const,
  autocomplete: (companyId: number, term: string) => [...searchKeys.all(companyId), 'autocomplete', term] as const,
};

/** The header's suggestions; a newer term cancels the older request, the old list stays while it loads. */
export const autocompleteQuery = (companyId: number, term: string) =>
  queryOptions({
    queryKey: searchKeys.autocomplete(companyId, term),
    queryFn: ({ signal }) => searchPlantsAutocomplete(companyId, term, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
