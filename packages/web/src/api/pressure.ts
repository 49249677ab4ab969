import { pressureEndpoints as ep, type PressureStep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /get_room_pressure_frames: every frame of the last 12 weeks of a room in one answer. */
export function getRoomPressureFrames(companyId: number, roomId: number, step: PressureStep, problem: string | null) {
  return callEndpoint(ep.getRoomPressureFrames, {
    company_id: companyId,
    room_id: roomId,
    step,
    ...(problem ? { problem } : {}),
  });
}
