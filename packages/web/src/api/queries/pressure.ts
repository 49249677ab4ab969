import { queryOptions } from '@tanstack/react-query';
import type { PressureStep } from '@verdant/contract';
import { getRoomPressureFrames } from '../pressure';

/** The room map's pressure over time: one read per room, step and problem holds every frame. */
export const pressureKeys = {
  all: (companyId: number) => ['pressure', companyId] as const,
  room: (companyId: number, roomId: number, step: PressureStep, problem: string | null) =>
    [...pressureKeys.all(companyId), 'room', roomId, step, problem ?? ''] as const,
};

export const roomPressureQuery = (companyId: number, roomId: number, step: PressureStep, problem: string | null) =>
  queryOptions({
    queryKey: pressureKeys.room(companyId, roomId, step, problem),
    queryFn: () => getRoomPressureFrames(companyId, roomId, step, problem),
    // Frames of past days change only when someone scouts; a minute keeps play and the slider request-free.
    staleTime: 60_000,
  });
