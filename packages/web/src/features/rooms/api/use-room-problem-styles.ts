import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useProblemColors } from '../../../api/queries/problem-colors';
import { boxProblemStyles, problemLegend, suspectedLegend, type BoxProblemStyle, type LegendEntry, type SuspectedLegend } from '../lib/problem-paint';
import { gridCirclesQuery } from '../../../api/queries/problems';

export interface RoomProblemStyles {
  /** Per grid id: the style of each box with open problems. */
  styles: Map<number, Map<number, BoxProblemStyle>>;
  legend: LegendEntry[];
  /** Lower-cased problem name → its legend entry (colour and abbreviation as the map draws them). */
  byProblem: Map<string, LegendEntry>;
  /** Suspected problems (unreviewed scans) of these grids, counted apart; null when there are none. */
  suspected: SuspectedLegend | null;
  pending: boolean;
  failed: boolean;
}

/**
 * The map's problem colours for some grids: circles per grid, the company's mappings on top. Offline
 * both come from the device's copy (api/offline-read.ts); without one the circles fail as offline.
 */
export function useRoomProblemStyles(companyId: number, gridIds: readonly number[], enabled = true): RoomProblemStyles {
  const colors = useProblemColors(companyId);
  // `combine` keeps one stable array while no query changes, so the memo below has fixed-size deps.
  const circles = useQueries({
    queries: gridIds.map((id) => ({ ...gridCirclesQuery(companyId, id), enabled: enabled && companyId > 0 })),
    combine: (results) => ({
      data: results.map((r) => r.data),
      pending: results.some((r) => r.isPending),
      failed: results.some((r) => r.isError),
    }),
  });
  const styles = useMemo(
    () => new Map(gridIds.map((id, i) => [id, boxProblemStyles(circles.data[i]?.Boxes ?? [], colors.data?.byProblem)])),
    [gridIds, colors.data, circles.data],
  );
  const legend = useMemo(() => problemLegend(styles.values()), [styles]);
  const byProblem = useMemo(() => new Map(legend.map((e) => [e.problem.trim().toLowerCase(), e])), [legend]);
  const suspected = useMemo(() => suspectedLegend(styles.values()), [styles]);
  return { styles, legend, byProblem, suspected, pending: circles.pending, failed: circles.failed };
}
