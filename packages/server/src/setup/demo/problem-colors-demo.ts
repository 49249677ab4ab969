import type { FastifyInstance } from 'fastify';

import type { Caller } from '../../plugins/auth.js';

import { mapProblemColor } from '../../modules/problem_colors/problem-colors.service.js';


/** The demo company's map key: the problems its scouts meet most, in colours that tell them apart. */
const DEMO_COLORS: Array<[string, string, string]> = [
  ['Two-spotted spider mite', '#D32F2F', 'SM'],
  ['Western flower thrips', '#F57C00', 'WFT'],
  ['Green peach aphid', '#388E3C', 'GPA'],
  ['Greenhouse whitefly', '#607D8B', 'WF'],
  ['Fungus gnats', '#5D4037', 'FG'],
  ['Powdery mildew', '#9C27B0', 'PM'],
  ['Botrytis grey mould', '#616161', 'BOT'],
  ['Pythium root rot', '#3E2723', 'PYT'],
  ['Broad mite', '#B71C1C', 'BM'],
  ['Magnesium (Mg) deficiency', '#CDDC39', 'MG'],
  ['Heat stress', '#FF7043', 'HS'],
];

/** Maps colours and abbreviations through the service, so audit events exist as in real use. */
export async function seedProblemColorsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }) {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  for (const [problem, color, abbreviation] of DEMO_COLORS) {
    await mapProblemColor(app, caller, { company_id: ctx.companyId, problem, color, abbreviation });
  }
}
