import { queryOptions } from '@tanstack/react-query';
import { getApiTokens } from '../api-tokens';

export const apiTokenKeys = {
  all: (companyId: number) => ['api-tokens', companyId] as const,
  list: (companyId: number) => [...apiTokenKeys.all(companyId), 'list'] as const,
};

/** The signed-in person's own API tokens (the server answers only the caller's). */
export const apiTokensQuery = (companyId: number) =>
  queryOptions({ queryKey: apiTokenKeys.list(companyId), queryFn: () => getApiTokens(companyId) });
