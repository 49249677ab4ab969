import { problemAbbreviation, problemColorsMessages as msg, type EndpointInput, type problemColorsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './problem-colors.repository.js';
import { fallbackColor, toMapping } from './problem-colors.mapper.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof problemColorsEndpoints> = EndpointInput<(typeof problemColorsEndpoints)[K]>;

function required<T>(value: T | undefined, message: string, field: string): T {
  if (value === undefined) throw badRequest(message, field);
  return value;
}

export async function getMappings(deps: Deps, caller: Caller, companyId: number | undefined) {
  required(companyId, msg.companyRequired, 'company_id');
  const rows = await repo.listMappings(deps.db, caller.company_id);
  return { status: 'success' as const, mappings: rows.map(toMapping) };
}

/**
 * Upserts the mapping of a problem (case-insensitive). The stored spelling of the problem stays as it
 * was first mapped, because the web caches mappings offline under CompanyID+Problem. A new mapping
 * without a colour takes the library colour; without an abbreviation, the library's (else the initials).
 */
export async function mapProblemColor(deps: Deps, caller: Caller, input: Input<'mapProblemColor'>) {
  required(input.company_id, msg.companyRequired, 'company_id');
  const problem = required(input.problem, msg.problemRequired, 'problem');
  const companyId = caller.company_id;
  const fallback = (await colorsForProblems(deps, companyId, [problem], { mapped: false })).get(problem.toLowerCase())!;
  return deps.db.transaction().execute(async (trx) => {
    let before = await repo.lockMapping(trx, companyId, problem);
    let created = false;
    let row: repo.MappingRow | undefined;
    if (!before) {
      row = await repo.insertMapping(trx, {
        company_id: companyId,
        problem,
        color: input.color ?? fallback.Color,
        abbreviation: input.abbreviation ?? fallback.Abbreviation,
      });
      created = row !== undefined;
      if (!row) before = await repo.lockMapping(trx, companyId, problem);
    }
    if (before) {
      row = await repo.updateMapping(trx, before.id, {
        color: input.color ?? before.color,
        abbreviation: input.abbreviation ?? before.abbreviation,
      });
    }
    const mapping = toMapping(row!);
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: created ? 'problem_color.created' : 'problem_color.updated',
      entityType: 'problem_color_mapping',
      entityId: mapping.id,
      before: before ? toMapping(before) : undefined,
      after: mapping,
    });
    return { status: 'success' as const, message: msg.mapped, created, mapping };
  });
}

export async function deleteMapping(deps: Deps, caller: Caller, input: Input<'deleteProblemColorMapping'>) {
  required(input.company_id, msg.companyRequired, 'company_id');
  const problem = required(input.problem, msg.problemRequired, 'problem');
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockMapping(trx, caller.company_id, problem);
    if (!before) throw notFound('Problem colour mapping');
    await repo.deleteMapping(trx, before.id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'problem_color.deleted',
      entityType: 'problem_color_mapping',
      entityId: before.id,
      before: toMapping(before),
    });
    return { status: 'success' as const, message: msg.deleted, Problem: before.problem };
  });
}

export interface ProblemColor {
  Color: string;
  Abbreviation: string;
}

/**
 * How the map draws each problem, keyed by the lower-cased name: the company's mapping, else the
 * library's default colour (matched by name or slug), else a stable palette colour; abbreviation from
 * the mapping, else the library's, else the initials (problemAbbreviation in the contract). For other modules (the grid circles) to call.
 */
export async function colorsForProblems(
  { db }: Deps,
  companyId: number,
  problems: string[],
  opts: { mapped?: boolean } = {},
): Promise<Map<string, ProblemColor>> {
  const keys = [...new Set(problems.map((p) => p.toLowerCase()))];
  const [mappings, library] = await Promise.all([
    opts.mapped === false ? Promise.resolve([]) : repo.mappingsFor(db, companyId, keys),
    repo.libraryColors(db, companyId, keys),
  ]);
  const out = new Map<string, ProblemColor>();
  for (const p of problems) {
    const key = p.toLowerCase();
    const m = mappings.find((r) => r.problem.toLowerCase() === key);
    // The company's own problem wins over a library one of the same name.
    const lib = library
      .filter((r) => r.name.toLowerCase() === key || r.slug === key)
      .sort((a, b) => (b.company_id ?? 0) - (a.company_id ?? 0))[0];
    out.set(key, {
      Color: m?.color ?? lib?.default_color ?? fallbackColor(p),
      Abbreviation: problemAbbreviation(lib?.name ?? p, m?.abbreviation),
    });
  }
  return out;
}
