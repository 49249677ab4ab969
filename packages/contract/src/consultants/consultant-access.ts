/**
 * What a consultant may call: every endpoint not listed here answers them 403 (plugins/consultant-gate.ts
 * applies it before any handler runs). Each entry names the input fields that point at rooms, directly or
 * through a grid, grid box, response or comment; every room they reach must be one the consultant was given
 * (else 404, as for another company's id). `required` fields are where staff may leave the room out to read
 * the whole company: a consultant must name one. An entry with no fields reads company-wide settings or
 * the problem library, never room data. Only comments write (docs/decisions.md, "Consultants").
 */
export type ConsultantScopeKind = 'room' | 'rooms' | 'grid' | 'gridBox' | 'response' | 'comment' | 'self';

export interface ConsultantScope {
  kind: ConsultantScopeKind;
  field: string;
  required?: boolean;
}

export interface ConsultantRule {
  scope: readonly ConsultantScope[];
}

const room = (field: string, required = false): ConsultantScope => ({ kind: 'room', field, required });
const grid = (field: string, required = false): ConsultantScope => ({ kind: 'grid', field, required });
const gridBox = (field: string): ConsultantScope => ({ kind: 'gridBox', field, required: true });
const rooms = (field: string): ConsultantScope => ({ kind: 'rooms', field, required: true });
const response = (field: string): ConsultantScope => ({ kind: 'response', field, required: true });
const comment = (field: string): ConsultantScope => ({ kind: 'comment', field, required: true });
const companyWide: ConsultantRule = { scope: [] };

export const consultantAccess = {
  // Their own rooms, their own settings, the company's display settings and the problem library.
  getConsultantRooms: companyWide,
  loadCompanyById: companyWide,
  getUserLanguage: { scope: [{ kind: 'self', field: 'user_id' }] },
  getProblemColorMappings: companyWide,
  getCompanyGridOrder: companyWide,
  getGridOpacity: companyWide,
  getCompanyLanguage: companyWide,
  getCompanyOfflineMode: companyWide,
  getCompanyAutoRefreshMode: companyWide,
  getStickytrapRender: companyWide,
  getCompanyThresholds: companyWide,
  getCompanyAiModel: companyWide,
  loadPlantProblems: companyWide,
  getSymptomGroups: companyWide,
  getColorSymptoms: companyWide,
  filterPlantProblems: companyWide,
  // A room, its grids and boxes.
  loadRoomGridsBoxes: { scope: [room('room_id', true)] },
  getGridBackground: { scope: [room('RoomID', true)] },
  getWhiteboardHistory: { scope: [room('room_id', true)] },
  getRoomScanDetails: { scope: [room('room_id', true)] },
  getGridScanDetails: { scope: [grid('grid_id', true)] },
  getGridboxesNames: { scope: [grid('GridID', true)] },
  getCulledGridboxes: { scope: [grid('GridID', true)] },
  getRoomPressureFrames: { scope: [room('room_id', true)] },
  getScoutingCoverage: { scope: [room('room_id', true)] },
  // The offline fill's bundle of a room: only the parts a consultant may read one by one (issue 19).
  getOfflineRoomBundle: { scope: [room('room_id', true)] },
  // Problems and observations of the room.
  getUnresolvedProblemsForRoom: { scope: [room('room_id', true)] },
  getUnresolvedProblemsForGrid: { scope: [grid('grid_id', true)] },
  getUnresolvedProblemsForGridCircles: { scope: [grid('grid_id', true)] },
  getUnresolvedProblemsForGridbox: { scope: [gridBox('gridbox_id')] },
  getUnresolvedProblemsByType: { scope: [room('roomID', true), grid('gridID')] },
  getProblemObservations: { scope: [room('room_id', true), grid('grid_id')] },
  // What was recorded there.
  getResponsesForGrid2: { scope: [grid('GridID', true)] },
  getFieldResponsesByGridbox: { scope: [gridBox('GridBoxID')] },
  getFieldResponsesByGridboxDateForms: { scope: [gridBox('GridBoxID')] },
  getFieldResponses: { scope: [response('response_id')] },
  checkForStickytrap: { scope: [gridBox('GridBoxID')] },
  getStickyTrapResponsesByGridboxDate: { scope: [gridBox('GridBoxID')] },
  getStickyTrapResponsesGrid: { scope: [grid('GridID', true)] },
  // Reports limited to their rooms.
  getTrendsReportGraph: { scope: [rooms('room_ids')] },
  getTrendsCumulativeReportGraph: { scope: [room('room_id', true)] },
  getTrendsWithSeverity: { scope: [rooms('room_ids')] },
  getSingleProblemTrend: { scope: [rooms('room_ids')] },
  getTreatmentEffectivenessReport: { scope: [rooms('room_ids')] },
  getFieldResponsesReport: { scope: [room('room_id', true)] },
  // Comments: the only writes.
  getComments: { scope: [response('ResponseID')] },
  addComment: { scope: [response('ResponseID')] },
  editComment: { scope: [comment('CommentID')] },
  deleteComment: { scope: [comment('CommentID')] },
} satisfies Record<string, ConsultantRule>;

export type ConsultantEndpointId = keyof typeof consultantAccess;

/** The rule for an endpoint, or undefined: not open to consultants. */
export function consultantRule(endpointId: string): ConsultantRule | undefined {
  return Object.hasOwn(consultantAccess, endpointId) ? (consultantAccess as Record<string, ConsultantRule>)[endpointId] : undefined;
}
