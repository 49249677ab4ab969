import { z } from 'zod';
import { absentIfBlank } from '../common/list-field.js';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { EppoCode } from '../crops/crop-codes.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { ColorSymptom, CUSTOM_SOLUTION_MAX, CustomSolution, PlantProblem, SymptomGroup } from './plant-problems.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const plantProblemsEndpoints = {
  loadPlantProblems: defineEndpoint({
    id: 'loadPlantProblems', domain: 'plant_problems', method: 'GET', path: '/plant_problems/load_plant_problems',
    summary: "The problem library plus the company's own problems, each with the company's custom solutions; `slug` narrows it to one (404 when unknown)",
    // company_id is optional: the caller's company is used either way, and a named one must be it.
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({
      slug: absentIfBlank(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
      company_id: absentIfBlank(CompanyId),
    }),
    response: success({ problems: z.array(PlantProblem) }),
  }),
  getSymptomGroups: defineEndpoint({
    id: 'getSymptomGroups', domain: 'plant_problems', method: 'GET', path: '/plant_problems/get_symptom_groups',
    summary: 'Symptom groups (Leaves, Stems, Roots, …) with their symptoms, shared by every company',
    auth: anyone, tenancy: { none: true },
    response: success({ symptom_groups: z.array(SymptomGroup) }),
  }),
  getColorSymptoms: defineEndpoint({
    id: 'getColorSymptoms', domain: 'plant_problems', method: 'GET', path: '/plant_problems/get_color_symptoms',
    summary: 'Colour symptoms (yellowing, bronzing, …) with a swatch, shared by every company',
    auth: anyone, tenancy: { none: true },
    response: success({ color_symptoms: z.array(ColorSymptom) }),
  }),
  filterPlantProblems: defineEndpoint({
    id: 'filterPlantProblems', domain: 'plant_problems', method: 'GET', path: '/plant_problems/filter_plant_problems',
    summary: "Library and own problems showing a symptom group and/or a symptom (both given: both must match); none given: all",
    // Symptom ids are shared library data; the problems answered are the library and the caller's own.
    auth: anyone, tenancy: { none: true },
    query: z.object({ symptom_group_id: absentIfBlank(Id), symptom_id: absentIfBlank(Id) }),
    response: success({ problems: z.array(PlantProblem) }),
  }),
  addCustomSolution: defineEndpoint({
    id: 'addCustomSolution', domain: 'plant_problems', method: 'POST', path: '/plant_problems/add_custom_solution',
    summary: "Add the company's own solution to a library or own problem (Admin)",
    // What the company's scouts are told to do about a problem is a decision for the people in charge.
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, problem_id: Id }),
    body: {
      kind: 'form',
      schema: z.object({
        custom_solution: z
          .string({ error: 'is required' })
          .trim()
          .min(1, { error: 'is required' })
          .max(CUSTOM_SOLUTION_MAX, { error: `must be at most ${CUSTOM_SOLUTION_MAX} characters` }),
      }),
    },
    response: success({ message: z.string(), custom_solution: CustomSolution }),
  }),
  setProblemEppoCode: defineEndpoint({
    id: 'setProblemEppoCode', domain: 'plant_problems', method: 'POST', path: '/plant_problems/set_eppo_code',
    summary: "The company's EPPO code for a library or own problem (Admin); blank removes it (the library's code is then not used either); audited",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, problem_id: Id }),
    either: z.object({ eppo_code: z.preprocess((v) => (v === '' || v === null ? null : v), EppoCode.nullable()) }),
    response: success({ message: z.string(), problem_id: z.number(), eppo_code: z.string().nullable() }),
  }),
};
