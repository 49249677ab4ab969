import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { plantProblemsQuery } from '../../api/queries/plant-problems';
import { useProblemColors } from '../../api/queries/problem-colors';
import { problemLook, type ProblemLook } from './problem-look';

/**
 * The one source of a problem's shown name and colour for every screen (quick observation, observations,
 * overview, map legend, thresholds, reports and their exports). Both reads are offline-capable (the
 * device's copy), and until they answer a name reads as stored and a colour is the stable fallback.
 */
export function useProblemLook(companyId: number): ProblemLook {
  const library = useQuery({ ...plantProblemsQuery(companyId), enabled: companyId > 0, staleTime: 24 * 60 * 60_000 });
  const colours = useProblemColors(companyId);
  return useMemo(() => problemLook(library.data, colours.data?.mappings), [library.data, colours.data]);
}
