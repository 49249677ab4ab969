import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlantProblem } from '@verdant/contract';
import {
  addCustomSolution,
  filterPlantProblems,
  getColorSymptoms,
  getSymptomGroups,
  loadPlantProblems,
} from '../../../api/plant-problems';
import { plantProblemKeys } from './plant-problem-keys';

/** The library plus the company's own problems, each with the company's custom solutions. */
export const plantProblemsQuery = (companyId: number) =>
  queryOptions({
    queryKey: plantProblemKeys.library(companyId),
    queryFn: () => loadPlantProblems(companyId),
    staleTime: 5 * 60_000,
  });

/** Ids of the problems showing a symptom group and/or symptom; disabled when neither is chosen. */
export const filteredProblemIdsQuery = (companyId: number, groupId?: number, symptomId?: number) =>
  queryOptions({
    queryKey: plantProblemKeys.filtered(companyId, groupId, symptomId),
    queryFn: async () => new Set((await filterPlantProblems({ symptomGroupId: groupId, symptomId })).map((p) => p.problem_id)),
    enabled: groupId !== undefined || symptomId !== undefined,
    staleTime: 5 * 60_000,
  });

export const symptomGroupsQuery = () =>
  queryOptions({ queryKey: plantProblemKeys.symptomGroups(), queryFn: getSymptomGroups, staleTime: Infinity });

export const colorSymptomsQuery = () =>
  queryOptions({ queryKey: plantProblemKeys.colorSymptoms(), queryFn: getColorSymptoms, staleTime: Infinity });

/** Adds the company's own solution and puts it on the problem in the cached library at once. */
export function useAddCustomSolution(companyId: number, problemId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addCustomSolution(companyId, problemId, text),
    onSuccess: ({ custom_solution }) => {
      qc.setQueryData<PlantProblem[]>(plantProblemKeys.library(companyId), (list) =>
        list?.map((p) => (p.problem_id === problemId ? { ...p, custom_solutions: [...p.custom_solutions, custom_solution] } : p)),
      );
      void qc.invalidateQueries({ queryKey: plantProblemKeys.library(companyId) });
    },
  });
}
