import { useMutation, useQueryClient } from '@tanstack/react-query';
import { receiveStock, saveStocktake, setStockThreshold, type ReceiptFields } from '../../../api/stock';
import { stockKeys } from '../../../api/queries/stock';

/** The stock writes of the stock page; each refetches every stock read (the list and the warnings). */
export function useReceiveStock(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ReceiptFields) => receiveStock(companyId, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all(companyId) }),
  });
}

export function useStocktake(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { productId: number; counts: Array<{ lot_id: number; quantity: number }>; reason: string }) => saveStocktake(companyId, v.productId, v.counts, v.reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all(companyId) }),
  });
}

export function useStockThreshold(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { productId: number; level: number | null }) => setStockThreshold(companyId, v.productId, v.level),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all(companyId) }),
  });
}
