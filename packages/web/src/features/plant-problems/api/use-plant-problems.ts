import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlantProblem } from '@verdant/contract';
import { addCustomSolution, setProblemEppoCode } from '../../../api/plant-problems';
import { plantProblemKeys } from '../../../api/queries/plant-problems';

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

/** Sets (or with '' removes) the company's EPPO code of a problem and puts it in the cached library at once. */
export function useSetEppoCode(companyId: number, problemId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => setProblemEppoCode(companyId, problemId, code),
    onSuccess: ({ eppo_code }) => {
      qc.setQueryData<PlantProblem[]>(plantProblemKeys.library(companyId), (list) => list?.map((p) => (p.problem_id === problemId ? { ...p, eppo_code } : p)));
      void qc.invalidateQueries({ queryKey: plantProblemKeys.library(companyId) });
    },
  });
}
