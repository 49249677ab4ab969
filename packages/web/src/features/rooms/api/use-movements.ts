import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getCompanyMovementHistory, type MovementHistoryFilters } from '../../../api/movement';
import { roomKeys } from './room-keys';

/** One page of the company's plant moves; the previous page stays on screen while the next loads. */
export const movementHistoryQuery = (companyId: number, filters: MovementHistoryFilters) =>
  queryOptions({
    queryKey: roomKeys.movements(companyId, filters),
    queryFn: () => getCompanyMovementHistory(companyId, filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
