import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useProblemColors } from '../../../api/problem-colors-query';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { boxProblemStyles, problemLegend, type BoxProblemStyle, type LegendEntry } from '../lib/problem-paint';
import { gridCirclesQuery } from './use-problems';

export interface RoomProblemStyles {
  /** Per grid id: the style of each box with open problems. */
  styles: Map<number, Map<number, BoxProblemStyle>>;
  legend: LegendEntry[];
  /** Lower-cased problem name → its legend entry (colour and abbreviation as the map draws them). */
  byProblem: Map<string, LegendEntry>;
  pending: boolean;
  failed: boolean;
}

/** The map's problem colours for some grids: circles per grid, the company's mappings on top. */
export function useRoomProblemStyles(companyId: number, gridIds: readonly number[], enabled = true): RoomProblemStyles {
  const online = useOnlineStatus();
  const colors = useProblemColors(companyId);
  const circles = useQueries({
    queries: gridIds.map((id) => ({ ...gridCirclesQuery(companyId, id), enabled: enabled && online && companyId > 0 })),
  });
  const data = circles.map((c) => c.data);
  const styles = useMemo(
    () => new Map(gridIds.map((id, i) => [id, boxProblemStyles(data[i]?.Boxes ?? [], colors.data?.byProblem)])),
    // `data` is a fresh array each render; its items are stable query results.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [gridIds, colors.data, ...data],
  );
  const legend = useMemo(() => problemLegend(styles.values()), [styles]);
  const byProblem = useMemo(() => new Map(legend.map((e) => [e.problem.trim().toLowerCase(), e])), [legend]);
  return { styles, legend, byProblem, pending: circles.some((c) => c.isPending), failed: circles.some((c) => c.isError) };
}
