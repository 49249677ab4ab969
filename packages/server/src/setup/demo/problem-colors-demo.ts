import type { FastifyInstance } from 'fastify';

import type { Caller } from '../../plugins/auth.js';

import { mapProblemColor } from '../../modules/problem_colors/problem-colors.service.js';

/**
 * The library problems the demo's scouts meet most (the names the scouting and batch demos record). Each
 * is mapped without a colour or abbreviation, so it takes the library's `defaultColor` and abbreviation:
 * the demo key never drifts from the library's colour-blind-safe palette.
 */
export const DEMO_MAPPED_PROBLEMS = [
  'Two-spotted spider mite',
  'Western flower thrips',
  'Green peach aphid',
  'Greenhouse whitefly',
  'Fungus gnats',
  'Powdery mildew',
  'Botrytis grey mould',
  'Pythium root rot',
  'Broad mite',
  'Magnesium (Mg) deficiency',
  'Heat stress',
] as const;

/** Maps the demo company's key through the service, so audit events exist as in real use. */
export async function seedProblemColorsDemo(app: FastifyInstance, ctx: { companyId: number; userId: number }) {
  const caller: Caller = { user_id: ctx.userId, company_id: ctx.companyId, user_role: 'SuperAdmin' };
  for (const problem of DEMO_MAPPED_PROBLEMS) {
    await mapProblemColor(app, caller, { company_id: ctx.companyId, problem });
  }
}
