import { queryOptions } from '@tanstack/react-query';
import { loadRoomGridsBoxes } from '../../../api/rooms';

/**
 * Rooms with grids and boxes for the box picker. Same key and loader as the rooms screens
 * (['rooms', companyId, 'list']), so the picker shares their cache and works offline from the local copy.
 */
export const pickerRoomsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['rooms', companyId, 'list'] as const,
    queryFn: () => loadRoomGridsBoxes(companyId),
    networkMode: 'always',
  });
