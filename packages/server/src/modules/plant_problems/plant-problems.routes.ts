import type { plantProblemsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as problems from './plant-problems.service.js';

export const plantProblemsHandlers: Handlers<typeof plantProblemsEndpoints> = {
  loadPlantProblems: ({ app, user, input }) => problems.loadPlantProblems(app, user, input.slug),
  getSymptomGroups: ({ app, user }) => problems.symptomGroups(app, user),
  getColorSymptoms: ({ app, user }) => problems.colorSymptoms(app, user),
  filterPlantProblems: ({ app, user, input }) => problems.filterPlantProblems(app, user, input),
  addCustomSolution: ({ app, user, input }) => problems.addCustomSolution(app, user, input.problem_id, input.custom_solution),
  setProblemEppoCode: ({ app, user, input }) => problems.setEppoCode(app, user, input.problem_id, input.eppo_code),
};
