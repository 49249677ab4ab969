import { queryOptions, useQueries } from '@tanstack/react-query';
import type { GridBox } from '@verdant/contract';
import { getUnresolvedProblemsForGrid } from '../../../../api/unresolved-problems';
import { offlineRead } from '../../../../api/offline-read';
import { roomKeys } from '../../../../api/queries/rooms';

/** A problem seen in the chosen boxes: what an application can name as its target, with the observations behind it. */
export interface BoxTarget {
  /** The problem's name as observed (the grouping key). */
  problem: string;
  /** The library's or the company's problem, when the observation names one. */
  plantProblemId: number | null;
  observationIds: number[];
  /** How many of the chosen boxes show it. */
  boxes: number;
}

/** The key a target problem is chosen by. */
export const targetKey = (t: Pick<BoxTarget, 'problem'>) => t.problem.trim().toLowerCase();

/** Open problems of a grid per box; the key ends in "problems", so a change to problems refetches it (invalidateProblems). */
const gridProblemsQuery = (companyId: number, gridId: number) =>
  queryOptions({
    queryKey: [...roomKeys.all(companyId), 'grid-problems', gridId] as const,
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getUnresolvedProblemsForGrid(gridId)),
    networkMode: 'always',
    staleTime: 30_000,
  });

/**
 * The open problems of the chosen boxes, one entry per problem, from their grids' open observations (one read per
 * grid, not per box). Pending while any grid is read; a grid that cannot be read leaves its boxes out (`failed`).
 */
export function useBoxTargets(companyId: number, boxes: ReadonlyArray<Pick<GridBox, 'id' | 'GridID'>>) {
  const gridIds = [...new Set(boxes.map((b) => b.GridID))].filter((id) => id > 0).sort((a, b) => a - b);
  const reads = useQueries({ queries: gridIds.map((id) => ({ ...gridProblemsQuery(companyId, id), enabled: companyId > 0 })) });
  const chosen = new Set(boxes.map((b) => b.id));
  const byProblem = new Map<string, BoxTarget & { boxIds: Set<number> }>();
  for (const read of reads) {
    for (const box of read.data?.Boxes ?? []) {
      if (!chosen.has(box.GridBoxID)) continue;
      for (const o of box.problems) {
        const key = targetKey({ problem: o.Problem });
        const t = byProblem.get(key) ?? { problem: o.Problem, plantProblemId: null, observationIds: [], boxes: 0, boxIds: new Set<number>() };
        t.plantProblemId ??= o.PlantProblemID;
        t.observationIds.push(o.ProblemID);
        t.boxIds.add(box.GridBoxID);
        byProblem.set(key, t);
      }
    }
  }
  const targets: BoxTarget[] = [...byProblem.values()]
    .map(({ boxIds, ...t }) => ({ ...t, boxes: boxIds.size }))
    .sort((a, b) => b.boxes - a.boxes || a.problem.localeCompare(b.problem));
  return { targets, pending: reads.some((r) => r.isPending), failed: reads.some((r) => r.isError) };
}
