import { queryOptions } from '@tanstack/react-query';
import { getProductDetails } from '../spray-products';
import { getAllTreatments } from '../treatments';
import { offlineRead } from '../offline-read';

/** Query keys of the company's spray products and treatments; a change to a product invalidates `all` (treatments name products). */
export const treatmentKeys = {
  all: (companyId: number) => ['treatments', companyId] as const,
  products: (companyId: number) => [...treatmentKeys.all(companyId), 'products'] as const,
  list: (companyId: number) => [...treatmentKeys.all(companyId), 'list'] as const,
};

/**
 * The company's spray products with their intervals. Kept on the device: a grower applying a product on
 * the map with no signal picks it from this list, and its re-entry hours show "no entry until" at once.
 */
export const sprayProductsQuery = (companyId: number) =>
  queryOptions({
    queryKey: treatmentKeys.products(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getProductDetails(companyId)),
    networkMode: 'always',
  });

/** Every treatment of the company, deleted ones included. */
export const treatmentsQuery = (companyId: number) =>
  queryOptions({
    queryKey: treatmentKeys.list(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getAllTreatments(companyId)),
    networkMode: 'always',
  });
