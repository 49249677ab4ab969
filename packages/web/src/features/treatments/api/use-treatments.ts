import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTreatment, toggleTreatmentDeleted, updateTreatment, type TreatmentFields, type TreatmentType } from '../../../api/treatments';
import { treatmentKeys } from '../../../api/queries/treatments';

export interface SaveTreatmentInput {
  /** True when the treatment (product, type) exists and is being changed. */
  existing: boolean;
  type: TreatmentType;
  productId: number;
  fields: TreatmentFields;
}

/** Creates a treatment or changes its sub-type and notes; the list refetches. */
export function useSaveTreatment(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ existing, type, productId, fields }: SaveTreatmentInput) =>
      existing ? updateTreatment(companyId, type, productId, fields) : createTreatment(companyId, type, productId, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.list(companyId) }),
  });
}

/** The spec's delete: a PATCH that toggles the treatment deleted or back. */
export function useToggleTreatment(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, productId }: { type: TreatmentType; productId: number }) => toggleTreatmentDeleted(companyId, type, productId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.list(companyId) }),
  });
}
