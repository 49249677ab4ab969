import { scoutingCoverageEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /get_scouting_frequency: the company's interval and the rooms that override it. */
export function getScoutingFrequency(companyId: number) {
  return callEndpoint(ep.getScoutingFrequency, { company_id: companyId });
}

/** POST /set_scouting_frequency (Admin): days ≥ 1 sets, 0 clears; with roomId, that room's override. */
export function setScoutingFrequency(companyId: number, dueEveryDays: number, roomId?: number) {
  return callEndpoint(ep.setScoutingFrequency, {
    company_id: companyId,
    due_every_days: dueEveryDays,
    ...(roomId !== undefined ? { room_id: roomId } : {}),
  });
}

/** GET /get_scouting_coverage: every room's coverage; with roomId, that room's and its overdue boxes. */
export function getScoutingCoverage(companyId: number, roomId?: number) {
  return callEndpoint(ep.getScoutingCoverage, { company_id: companyId, ...(roomId !== undefined ? { room_id: roomId } : {}) });
}
