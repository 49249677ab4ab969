import { addDays, type PressureFrames } from '@verdant/contract';
import type { PressureRow, PressureWindow } from './pressure.repository.js';

/**
 * Rows → the compact answer: the boxes with any pressure once, and one array of values per frame in
 * that order (10,000 boxes × 12 frames stay number arrays, never objects per cell).
 */
export function toPressureFrames(
  rows: readonly PressureRow[],
  w: PressureWindow & { count: number },
  q: { step: PressureFrames['step']; problem: string | null },
  hotThreshold: number,
): PressureFrames {
  const ids = new Set<number>();
  const problems: string[] = [];
  for (const r of rows) {
    if (r.grid_box_id !== null) ids.add(r.grid_box_id);
    else if (r.name !== null) problems.push(r.name);
  }
  const GridBoxIDs = [...ids].sort((x, y) => x - y);
  const index = new Map(GridBoxIDs.map((id, i) => [id, i]));
  const values = Array.from({ length: w.count }, () => new Array<number>(GridBoxIDs.length).fill(0));
  for (const r of rows) {
    if (r.grid_box_id === null || r.frame === null || r.v === null) continue;
    const frame = values[r.frame];
    // Two decimals: trap counts come in tenths of an observation; float sums must not leak 0.30000000000000004.
    if (frame) frame[index.get(r.grid_box_id)!] = Math.round(Number(r.v) * 100) / 100;
  }
  const frames = Array.from({ length: w.count }, (_, i) => {
    const start = addDays(w.first, i * w.frameDays);
    return { start, end: addDays(start, w.frameDays - 1) };
  });
  problems.sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' }));
  return { step: q.step, time_zone: w.timeZone, problem: q.problem, hot_threshold: hotThreshold, frames, GridBoxIDs, values, problems };
}
