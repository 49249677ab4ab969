import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenScope } from '@verdant/contract';
import { createApiToken, revokeApiToken } from '../../../api/api-tokens';
import { apiTokenKeys } from '../../../api/queries/api-tokens';

export function useCreateApiToken(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scope: ApiTokenScope }) => createApiToken({ company_id: companyId, ...input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.all(companyId) }),
  });
}

export function useRevokeApiToken(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => revokeApiToken(companyId, tokenId),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.all(companyId) }),
  });
}
