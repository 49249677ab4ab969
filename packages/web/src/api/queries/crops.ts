import { queryOptions } from '@tanstack/react-query';
import { getCrops } from '../crops';

export const cropKeys = {
  all: (companyId: number) => ['crops', companyId] as const,
};

/** The company's crops with their EPPO codes (the crops page, the batch form's crop picker). */
export const cropsQuery = (companyId: number) => queryOptions({ queryKey: cropKeys.all(companyId), queryFn: () => getCrops(companyId) });
