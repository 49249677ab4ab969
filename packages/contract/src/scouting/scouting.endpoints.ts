import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const ScanState = z.object({
  Scanned: z.boolean(),
  ScannedDateTime: z.string().nullable(),
  LastScannedBy: z.number().nullable(),
  LastScannedByName: z.string().nullable(),
});

export const ScanMark = z.object({
  mark_id: z.number(),
  scanned_at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
});

export const ScoutingRound = z.object({ round_id: z.number(), started_at: z.string(), started_by: z.number().nullable() });

/** An earlier round and the last mark this room or grid got in it (null when it was not scanned then). */
export const PreviousRound = ScoutingRound.extend({ last_mark: ScanMark.nullable() });

const ScanDetails = {
  ...ScanState.shape,
  Name: z.string(),
  current_round: ScoutingRound.nullable(),
  marks: z.array(ScanMark),
  previous_rounds: z.array(PreviousRound),
};

export const scoutingMessages = {
  roomMarked: 'Room marked as scanned.',
  gridMarked: 'Grid marked as scanned.',
  reset: 'Scanned status reset; a new scouting round has started.',
} as const;

export const scoutingEndpoints = {
  markRoomScanned: defineEndpoint({
    id: 'markRoomScanned', domain: 'rooms', method: 'POST', path: '/mark_room_scanned',
    summary: 'Mark a room scanned in the current scouting round',
    auth: anyone, tenancy: { user: ['user_id'], resource: true },
    query: z.object({ room_id: Id, user_id: Id }),
    response: success({ message: z.string(), RoomID: z.number(), round_id: z.number(), ...ScanState.shape }),
  }),
  markGridScanned: defineEndpoint({
    id: 'markGridScanned', domain: 'grids', method: 'POST', path: '/mark_grid_scanned',
    summary: 'Mark a grid scanned in the current scouting round',
    auth: anyone, tenancy: { user: ['user_id'], resource: true },
    query: z.object({ grid_id: Id, user_id: Id }),
    response: success({ message: z.string(), GridID: z.number(), round_id: z.number(), ...ScanState.shape }),
  }),
  resetScannedStatus: defineEndpoint({
    id: 'resetScannedStatus', domain: 'scans', method: 'POST', path: '/reset_scanned_status',
    summary: "Clear the scanned flag of every room and grid of the caller's company and start a new scouting round (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId.optional() }),
    response: success({ message: z.string(), round: ScoutingRound, rooms_reset: z.number(), grids_reset: z.number() }),
  }),
  getRoomScanDetails: defineEndpoint({
    id: 'getRoomScanDetails', domain: 'rooms', method: 'GET', path: '/get_room_scan_details',
    summary: 'Scanned state of a room, its marks in the current round and its last mark in earlier rounds',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ room_id: Id }),
    response: success({ RoomID: z.number(), ...ScanDetails }),
  }),
  getGridScanDetails: defineEndpoint({
    id: 'getGridScanDetails', domain: 'grids', method: 'GET', path: '/get_grid_scan_details',
    summary: 'Scanned state of a grid, its marks in the current round and its last mark in earlier rounds',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ grid_id: Id }),
    response: success({ GridID: z.number(), ...ScanDetails }),
  }),
};
