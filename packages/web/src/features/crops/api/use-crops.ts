import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCrop, saveCrop } from '../../../api/crops';
import { cropKeys } from '../../../api/queries/crops';

/** Adds a crop or changes one (crop_id); the crop list refetches. */
export function useSaveCrop(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (crop: { crop_id?: number; name: string; eppo_code: string }) => saveCrop(companyId, crop),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cropKeys.all(companyId) }),
  });
}

/** Deletes a crop no batch uses (the server refuses one in use, saying how many batches). */
export function useDeleteCrop(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cropId: number) => deleteCrop(companyId, cropId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cropKeys.all(companyId) }),
  });
}
