import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBeneficialSideEffect, saveBeneficialSideEffect, type SideEffectFields } from '../../../api/beneficial-side-effects';
import { sideEffectKeys } from '../../../api/queries/beneficial-side-effects';

/** Saves a row of the side-effect table (a new pair adds one, a known pair changes it); the table refetches. */
export function useSaveSideEffect(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: SideEffectFields) => saveBeneficialSideEffect(companyId, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sideEffectKeys.all(companyId) }),
  });
}

/** Removes a row; the table refetches. */
export function useDeleteSideEffect(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sideEffectId: number) => deleteBeneficialSideEffect(companyId, sideEffectId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sideEffectKeys.all(companyId) }),
  });
}
