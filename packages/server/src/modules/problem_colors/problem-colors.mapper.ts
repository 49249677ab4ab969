import { problemFallbackColor, type ProblemColorMapping } from '@verdant/contract';
import type { MappingRow } from './problem-colors.repository.js';
import { iso } from '../../lib/iso.js';

export const toMapping = (r: MappingRow): ProblemColorMapping => ({
  id: r.id,
  CompanyID: r.company_id,
  Problem: r.problem,
  Color: r.color,
  Abbreviation: r.abbreviation,
  updated_at: iso(r.updated_at),
});

/** The same problem name always gets the same fallback colour, the contract's one rule (the web uses it too). */
export const fallbackColor = problemFallbackColor;
