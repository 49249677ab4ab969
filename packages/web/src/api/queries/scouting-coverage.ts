import { queryOptions } from '@tanstack/react-query';
import { getScoutingCoverage, getScoutingFrequency } from '../scouting-coverage';
import { offlineRead } from '../offline-read';

/**
 * Scouting frequency and coverage, shared by the rooms list, the room map, the overview and the settings.
 * The writes that change coverage (marking a room or grid scanned, a new round, a submitted form, a new
 * frequency) invalidate `scoutingCoverageKeys.all`.
 */
export const scoutingCoverageKeys = {
  all: (companyId: number) => ['scouting-coverage', companyId] as const,
  frequency: (companyId: number) => [...scoutingCoverageKeys.all(companyId), 'frequency'] as const,
  rooms: (companyId: number) => [...scoutingCoverageKeys.all(companyId), 'rooms'] as const,
  room: (companyId: number, roomId: number) => [...scoutingCoverageKeys.all(companyId), 'room', roomId] as const,
};

export const scoutingFrequencyQuery = (companyId: number) =>
  queryOptions({
    queryKey: scoutingCoverageKeys.frequency(companyId),
    queryFn: () => getScoutingFrequency(companyId),
  });

/** Every room's coverage (rooms list and overview): one request for all the cards. */
export const scoutingCoverageQuery = (companyId: number) =>
  queryOptions({
    queryKey: scoutingCoverageKeys.rooms(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getScoutingCoverage(companyId)),
    networkMode: 'always',
  });

/** One room's coverage with its overdue boxes (the room map's outline). */
export const roomScoutingCoverageQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: scoutingCoverageKeys.room(companyId, roomId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getScoutingCoverage(companyId, roomId)),
    networkMode: 'always',
  });
