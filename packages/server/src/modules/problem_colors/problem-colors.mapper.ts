import type { ProblemColorMapping } from '@verdant/contract';
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

/** Distinct, legible colours for problems neither the company nor the library has coloured. */
const PALETTE = ['#E53935', '#FB8C00', '#FDD835', '#43A047', '#00ACC1', '#1E88E5', '#8E24AA', '#D81B60', '#6D4C41', '#546E7A'];

/** The same problem name always gets the same fallback colour, so the map is stable between loads. */
export function fallbackColor(problem: string): string {
  let h = 0;
  for (const ch of problem.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}
