import { plantProblemsEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /plant_problems/load_plant_problems[?slug&company_id]: the library plus the company's own problems. */
export async function loadPlantProblems(companyId?: number, slug?: string) {
  return (await callEndpoint(ep.loadPlantProblems, { company_id: companyId, slug })).problems;
}

/** GET /plant_problems/get_symptom_groups: symptom groups with their symptoms (shared library data). */
export async function getSymptomGroups() {
  return (await callEndpoint(ep.getSymptomGroups, {})).symptom_groups;
}

/** GET /plant_problems/get_color_symptoms: colour symptoms with their swatch. */
export async function getColorSymptoms() {
  return (await callEndpoint(ep.getColorSymptoms, {})).color_symptoms;
}

/** GET /plant_problems/filter_plant_problems: problems showing a symptom group and/or a symptom. */
export async function filterPlantProblems(filter: { symptomGroupId?: number; symptomId?: number }) {
  return (await callEndpoint(ep.filterPlantProblems, { symptom_group_id: filter.symptomGroupId, symptom_id: filter.symptomId })).problems;
}

/** POST /plant_problems/add_custom_solution?company_id&problem_id, form field custom_solution (Admin). */
export async function addCustomSolution(companyId: number, problemId: number, customSolution: string) {
  return callEndpoint(ep.addCustomSolution, { company_id: companyId, problem_id: problemId, custom_solution: customSolution });
}

/** POST /plant_problems/set_eppo_code?company_id&problem_id: the company's EPPO code for a problem ('' removes it). */
export async function setProblemEppoCode(companyId: number, problemId: number, eppoCode: string) {
  return callEndpoint(ep.setProblemEppoCode, { company_id: companyId, problem_id: problemId, eppo_code: eppoCode });
}
