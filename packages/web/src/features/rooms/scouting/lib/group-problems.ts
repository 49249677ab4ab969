import type { ProblemObservation } from '@verdant/contract';

export interface GridGroup {
  /** Null: observations of the room itself (no grid). */
  gridId: number | null;
  observations: ProblemObservation[];
  boxes: number;
}

export interface ProblemGroup {
  problem: string;
  observations: ProblemObservation[];
  maxSeverity: number | null;
  lastObservedAt: string;
  grids: GridGroup[];
}

function byGrid(list: ProblemObservation[]): GridGroup[] {
  const grids = new Map<number | null, ProblemObservation[]>();
  for (const o of list) {
    const g = grids.get(o.GridID);
    if (g) g.push(o);
    else grids.set(o.GridID, [o]);
  }
  return [...grids].map(([gridId, observations]) => ({
    gridId,
    observations,
    boxes: new Set(observations.map((o) => o.GridBoxID).filter((id) => id !== null)).size,
  }));
}

/** Open observations grouped by problem (case-insensitive, as the server matches), then by grid; most observed first. */
export function groupByProblem(observations: readonly ProblemObservation[]): ProblemGroup[] {
  const groups = new Map<string, ProblemObservation[]>();
  for (const o of observations) {
    const key = o.Problem.trim().toLowerCase();
    const g = groups.get(key);
    if (g) g.push(o);
    else groups.set(key, [o]);
  }
  return [...groups.values()]
    .map((list) => ({
      problem: list[0]!.Problem,
      observations: list,
      maxSeverity: list.reduce<number | null>((m, o) => (o.Severity !== null && (m === null || o.Severity > m) ? o.Severity : m), null),
      lastObservedAt: list.reduce((m, o) => (o.ObservedAt > m ? o.ObservedAt : m), ''),
      grids: byGrid(list),
    }))
    .sort((a, b) => b.observations.length - a.observations.length || a.problem.localeCompare(b.problem));
}

/** Open observations per grid (room-level ones under null). */
export function groupByGrid(observations: readonly ProblemObservation[]): GridGroup[] {
  return byGrid([...observations]);
}
