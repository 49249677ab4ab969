import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setScoutingFrequency } from '../../../api/scouting-coverage';
import { scoutingCoverageKeys } from '../../../api/queries/scouting-coverage';

/** Sets (days ≥ 1) or clears (0) the company's or one room's interval; coverage everywhere refreshes. */
export function useSetScoutingFrequency(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ days, roomId }: { days: number; roomId?: number }) => setScoutingFrequency(companyId, days, roomId),
    onSuccess: (res) => {
      qc.setQueryData(scoutingCoverageKeys.frequency(companyId), { status: res.status, due_every_days: res.due_every_days, rooms: res.rooms });
      return qc.invalidateQueries({ queryKey: scoutingCoverageKeys.all(companyId) });
    },
  });
}
