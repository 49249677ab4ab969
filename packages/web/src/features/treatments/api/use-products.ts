import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSprayProduct, deleteProduct, updateSprayProduct, type SprayProductFields } from '../../../api/spray-products';
import { treatmentKeys } from '../../../api/queries/treatments';

/** Adds a product, or changes one (`productId`); products and treatments (which name them) refetch. */
export function useSaveProduct(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, fields }: { productId: number | null; fields: SprayProductFields }) =>
      productId === null ? addSprayProduct(companyId, fields) : updateSprayProduct(productId, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.all(companyId) }),
  });
}

/** Removes a product from the list; its treatments are switched off with it (server), so both refetch. */
export function useDeleteProduct(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => deleteProduct(companyId, productId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.all(companyId) }),
  });
}
