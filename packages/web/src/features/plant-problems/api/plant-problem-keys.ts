export const plantProblemKeys = {
  all: ['plant-problems'] as const,
  library: (companyId: number) => [...plantProblemKeys.all, 'library', companyId] as const,
  filtered: (companyId: number, groupId?: number, symptomId?: number) =>
    [...plantProblemKeys.all, 'filtered', companyId, { groupId, symptomId }] as const,
  symptomGroups: () => [...plantProblemKeys.all, 'symptom-groups'] as const,
  colorSymptoms: () => [...plantProblemKeys.all, 'color-symptoms'] as const,
};
