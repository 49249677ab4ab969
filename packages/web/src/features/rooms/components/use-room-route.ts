import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { roomQuery } from '../../../api/queries/rooms';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useAuth } from '../../../state/hooks';

/** What a page under rooms/{roomID} starts from: the room id of the address, the caller, the network, the room. */
export function useRoomRoute() {
  const params = useParams();
  const roomId = Number(params.roomID);
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const online = useOnlineStatus();
  const room = useQuery({ ...roomQuery(companyId, roomId), enabled: Boolean(companyID) && roomId > 0 });
  return { roomId, companyID, companyId, userId, online, room };
}
