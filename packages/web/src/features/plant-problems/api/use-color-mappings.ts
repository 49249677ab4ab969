import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProblemColorMapping, mapProblemColor } from '../../../api/problem-color-mappings';
import { problemColorKeys } from '../../../api/queries/problem-colors';

export interface ColorMappingDraft {
  problem: string;
  color: string;
  abbreviation: string;
}

/** Saves a problem's colour and abbreviation; the colour list (and its offline copy) reloads. */
export function useMapProblemColor(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: ColorMappingDraft) => mapProblemColor({ companyId, ...d }),
    onSuccess: () => qc.invalidateQueries({ queryKey: problemColorKeys.all(companyId) }),
  });
}

export function useDeleteProblemColor(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (problem: string) => deleteProblemColorMapping(companyId, problem),
    onSuccess: () => qc.invalidateQueries({ queryKey: problemColorKeys.all(companyId) }),
  });
}
