import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getStock, getStockMovements, getStockWarnings } from '../stock';

/** Query keys of the company's stock; a receipt, stocktake or application invalidates `all`. */
export const stockKeys = {
  all: (companyId: number) => ['stock', companyId] as const,
  list: (companyId: number) => [...stockKeys.all(companyId), 'list'] as const,
  warnings: (companyId: number) => [...stockKeys.all(companyId), 'warnings'] as const,
  movements: (companyId: number, productId: number) => [...stockKeys.all(companyId), 'movements', productId] as const,
};

export const stockQuery = (companyId: number) => queryOptions({ queryKey: stockKeys.list(companyId), queryFn: () => getStock(companyId) });

/** Low stock, expired lots and shortfalls, for the overview and the stock page. */
export const stockWarningsQuery = (companyId: number) => queryOptions({ queryKey: stockKeys.warnings(companyId), queryFn: () => getStockWarnings(companyId) });

/** A product's stock movements (the stock's audit trail), newest first, a page at a time ("Load more" asks for older ones). */
export const stockMovementsQuery = (companyId: number, productId: number) =>
  infiniteQueryOptions({
    queryKey: stockKeys.movements(companyId, productId),
    queryFn: ({ pageParam }) => getStockMovements(companyId, productId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
