import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { roomScoutingCoverageQuery } from '../../../../api/queries/scouting-coverage';
import { useAuth } from '../../../../state/hooks';

const NONE: ReadonlySet<number> = new Set();
const toSet = (data: { overdue_GridBoxIDs?: number[] }): ReadonlySet<number> => new Set(data.overdue_GridBoxIDs ?? []);

/**
 * The boxes of the room in the address (rooms/{roomID}) overdue for scouting; empty elsewhere, while it
 * loads, or when it cannot be read (the map is as useful without the outline).
 */
export function useOverdueBoxes(): ReadonlySet<number> {
  const roomId = Number(useParams().roomID);
  const { companyID } = useAuth();
  const overdue = useQuery({
    ...roomScoutingCoverageQuery(companyID ?? 0, roomId),
    enabled: Boolean(companyID) && roomId > 0,
    select: toSet,
  });
  return overdue.data ?? NONE;
}
