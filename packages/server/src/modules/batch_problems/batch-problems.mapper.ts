import type { BatchProblem } from '@verdant/contract';
import { toObservation } from '../observations/observations.mapper.js';
import type { BatchProblemRow } from './batch-problems.repository.js';

export const toBatchProblem = (r: BatchProblemRow): BatchProblem => ({
  ...toObservation(r),
  BatchNumber: r.batch_number,
  RoomName: r.room_name,
});
