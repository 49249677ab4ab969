import { z } from 'zod';
import { absentIfBlank } from '../common/list-field.js';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId } from '../common/fields.js';

export const PROBLEM_NAME_MAX = 200;
export const ABBREVIATION_MAX = 4;
export const HexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour as #RRGGBB' })
  .transform((v) => v.toUpperCase());

/** Wire names of the web's offline table problemColorMapping (CompanyID, Problem, Color, Abbreviation). */
export const ProblemColorMapping = z.object({
  id: z.number(),
  CompanyID: z.number(),
  Problem: z.string(),
  Color: z.string(),
  Abbreviation: z.string(),
  updated_at: z.string(),
});
export type ProblemColorMapping = z.infer<typeof ProblemColorMapping>;

export const problemColorsMessages = {
  companyRequired: 'Company ID is required',
  problemRequired: 'Problem is required',
  mapped: 'Problem colour saved.',
  deleted: 'Problem colour mapping deleted.',
} as const;

const ProblemName = z.string().trim().max(PROBLEM_NAME_MAX, { error: `must be at most ${PROBLEM_NAME_MAX} characters` });

export const problemColorsEndpoints = {
  getProblemColorMappings: defineEndpoint({
    id: 'getProblemColorMappings', domain: 'problem_colors', method: 'GET', path: '/get_problem_color_mappings',
    summary: "The company's colour and abbreviation per problem, as the room map draws them",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: absentIfBlank(CompanyId) }),
    response: success({ mappings: z.array(ProblemColorMapping) }),
    clientMessages: { companyRequired: problemColorsMessages.companyRequired },
  }),
  mapProblemColor: defineEndpoint({
    id: 'mapProblemColor', domain: 'problem_colors', method: 'POST', path: '/map_problem_color',
    summary: 'Set the colour and/or abbreviation of a problem (Admin); one mapping per company and problem, matched case-insensitively',
    // The map's colour key is shared by every scout of the company: the people in charge set it.
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: absentIfBlank(CompanyId) }),
    body: {
      kind: 'form',
      schema: z.object({
        problem: absentIfBlank(ProblemName),
        color: absentIfBlank(HexColor),
        abbreviation: absentIfBlank(
          z.string().trim().min(1, { error: 'is required' }).max(ABBREVIATION_MAX, { error: `must be 1 to ${ABBREVIATION_MAX} characters` }),
        ),
      }),
    },
    response: success({ message: z.string(), created: z.boolean(), mapping: ProblemColorMapping }),
    clientMessages: problemColorsMessages,
  }),
  deleteProblemColorMapping: defineEndpoint({
    id: 'deleteProblemColorMapping', domain: 'problem_colors', method: 'DELETE', path: '/delete_problem_color_mapping',
    summary: "Remove a problem's colour mapping (Admin); the map falls back to the library colour",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: absentIfBlank(CompanyId), problem: absentIfBlank(ProblemName) }),
    response: success({ message: z.string(), Problem: z.string() }),
    clientMessages: problemColorsMessages,
  }),
};
