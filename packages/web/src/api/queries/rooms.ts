import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GridTemplateType } from '@verdant/contract';
import { fetchImage, getWhiteboardHistory, loadRoom, loadRoomGridsBoxes, type RoomsAnswer } from '../rooms';
import { getRoomScroll } from '../room-scroll';
import { getGridBackground } from '../grids';
import { getGridTemplates } from '../grid-templates';
import { getGridScanDetails, getRoomScanDetails } from '../scouting';
import { getCompanyMovementHistory, type MovementHistoryFilters } from '../movement';
import { offlineImage, offlineRead } from '../offline-read';
import { readSession } from '../../lib/session';

/**
 * Query keys of the rooms tree and everything read per room, grid or box (TkDodo's factory). Every
 * feature that shows rooms (rooms, batches, inventory, observations, formbuilder) reads `list`;
 * deleting a room or adding a grid invalidates `all`.
 */
export const roomKeys = {
  all: (companyId: number) => ['rooms', companyId] as const,
  list: (companyId: number) => [...roomKeys.all(companyId), 'list'] as const,
  details: (companyId: number) => [...roomKeys.all(companyId), 'detail'] as const,
  detail: (companyId: number, roomId: number) => [...roomKeys.details(companyId), roomId] as const,
  backgrounds: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'backgrounds', roomId] as const,
  whiteboards: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'whiteboards', roomId] as const,
  scroll: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'scroll', roomId] as const,
  boxHistory: (companyId: number, boxId: number) => [...roomKeys.all(companyId), 'box-history', boxId] as const,
  subBoxes: (companyId: number, boxId: number) => [...roomKeys.all(companyId), 'sub-boxes', boxId] as const,
  templates: (companyId: number, type: string) => [...roomKeys.all(companyId), 'templates', type] as const,
  movements: (companyId: number, filters: object = {}) => [...roomKeys.all(companyId), 'movements', filters] as const,
  circlesAll: (companyId: number) => [...roomKeys.all(companyId), 'circles'] as const,
  gridCircles: (companyId: number, gridId: number) => [...roomKeys.circlesAll(companyId), gridId] as const,
  boxProblems: (companyId: number, boxId: number) => [...roomKeys.all(companyId), 'box-problems', boxId] as const,
  roomProblems: (companyId: number, roomId: number) => [...roomKeys.all(companyId), 'room-problems', roomId] as const,
  boxResponsesAll: (companyId: number) => [...roomKeys.all(companyId), 'box-responses'] as const,
  boxResponses: (companyId: number, boxId: number) => [...roomKeys.boxResponsesAll(companyId), boxId] as const,
  stickyTraps: (companyId: number, boxId: number, from: string, to: string) => [...roomKeys.all(companyId), 'sticky-traps', boxId, from, to] as const,
  scanDetails: (companyId: number, kind: 'room' | 'grid', id: number) => [...roomKeys.all(companyId), 'scan-details', kind, id] as const,
};

/**
 * GET /load_room_grids_boxes: the rooms tree. Runs offline too (networkMode 'always'): the loader falls
 * back to the local database, which TanStack would otherwise pause.
 */
export const roomsQuery = (companyId: number) =>
  queryOptions({
    queryKey: roomKeys.list(companyId),
    queryFn: () => loadRoomGridsBoxes(companyId),
    networkMode: 'always',
  });

const roomsOf = (answer: RoomsAnswer) => answer.rooms;

/** The rooms tree without the cache flag, for pickers and filters (the same cache entry as `roomsQuery`). */
export const roomListQuery = (companyId: number) => queryOptions({ ...roomsQuery(companyId), select: roomsOf, staleTime: 60_000 });

export const roomQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: roomKeys.detail(companyId, roomId),
    queryFn: () => loadRoom(companyId, roomId),
    networkMode: 'always',
    retry: false,
  });

export const roomScrollQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: roomKeys.scroll(companyId, roomId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getRoomScroll(companyId, roomId)),
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });

export const gridBackgroundsQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: roomKeys.backgrounds(companyId, roomId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getGridBackground(roomId)),
    networkMode: 'always',
    retry: false,
  });

export const whiteboardsQuery = (companyId: number, roomId: number) =>
  queryOptions({ queryKey: roomKeys.whiteboards(companyId, roomId), queryFn: () => getWhiteboardHistory(roomId) });

/** Offline the device's copy answers: sub-boxes from a template can be added (queued) on the floor. */
export const gridTemplatesQuery = (companyId: number, type: GridTemplateType) =>
  queryOptions({
    queryKey: roomKeys.templates(companyId, type),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getGridTemplates(companyId, type)),
    networkMode: 'always',
  });

/** One page of the company's plant moves; the previous page stays on screen while the next loads. */
export const movementHistoryQuery = (companyId: number, filters: MovementHistoryFilters) =>
  queryOptions({
    queryKey: roomKeys.movements(companyId, filters),
    queryFn: () => getCompanyMovementHistory(companyId, filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export type ScanDetails =
  | NonNullable<Awaited<ReturnType<typeof getRoomScanDetails>>>
  | NonNullable<Awaited<ReturnType<typeof getGridScanDetails>>>;

/** The client functions answer null on failure; a null becomes an error state here. */
export const scanDetailsQuery = (companyId: number, kind: 'room' | 'grid', id: number) =>
  queryOptions({
    queryKey: roomKeys.scanDetails(companyId, kind, id),
    queryFn: async (): Promise<ScanDetails> => {
      const res = await (kind === 'room' ? getRoomScanDetails(id) : getGridScanDetails(id));
      if (!res) throw new Error('scan details unavailable');
      return res;
    },
    staleTime: 0,
    retry: false,
  });

/**
 * An uploaded image (images need the bearer token, so <img src> cannot fetch them). Keyed by its URL,
 * which already names the company's own storage path.
 */
export const imageQuery = (url: string | null | undefined) =>
  queryOptions({
    queryKey: ['image', url] as const,
    // Kept on the device (under the signed-in company) so photos and thumbnails seen once show offline.
    queryFn: () => offlineImage(readSession().companyID ?? 0, url!, () => fetchImage(url!)),
    networkMode: 'always',
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
