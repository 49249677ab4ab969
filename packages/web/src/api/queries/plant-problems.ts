import { queryOptions } from '@tanstack/react-query';
import { filterPlantProblems, getColorSymptoms, getSymptomGroups, loadPlantProblems } from '../plant-problems';
import { offlineRead } from '../offline-read';

/**
 * Query keys of the plant-problem library. Symptom groups and colour symptoms are the same for every
 * company; they are still keyed under it so that signing out of one company drops them with the rest.
 */
export const plantProblemKeys = {
  all: (companyId: number) => ['plant-problems', companyId] as const,
  library: (companyId: number) => [...plantProblemKeys.all(companyId), 'library'] as const,
  filtered: (companyId: number, groupId?: number, symptomId?: number) =>
    [...plantProblemKeys.all(companyId), 'filtered', { groupId, symptomId }] as const,
  symptomGroups: (companyId: number) => [...plantProblemKeys.all(companyId), 'symptom-groups'] as const,
  colorSymptoms: (companyId: number) => [...plantProblemKeys.all(companyId), 'color-symptoms'] as const,
};

/** The library plus the company's own problems, each with the company's custom solutions. */
export const plantProblemsQuery = (companyId: number) =>
  queryOptions({
    queryKey: plantProblemKeys.library(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => loadPlantProblems(companyId)),
    networkMode: 'always',
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

export const symptomGroupsQuery = (companyId: number) =>
  queryOptions({
    queryKey: plantProblemKeys.symptomGroups(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, getSymptomGroups),
    networkMode: 'always',
    staleTime: Infinity,
  });

export const colorSymptomsQuery = (companyId: number) =>
  queryOptions({
    queryKey: plantProblemKeys.colorSymptoms(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, getColorSymptoms),
    networkMode: 'always',
    staleTime: Infinity,
  });
