import type { ProblemColorMapping } from '@verdant/contract';
import { db as defaultDb, type OfflineDatabase, type ProblemColorMappingRow } from './db';

type CachedMapping = ProblemColorMappingRow & { updated_at?: string };

/**
 * Replaces a company's cached colour mappings with an online answer. Rows are keyed by the server's id;
 * the spec's [CompanyID+Problem] index is what offline reads look problems up by.
 */
export async function cacheProblemColors(
  companyId: number,
  mappings: ProblemColorMapping[],
  database: OfflineDatabase = defaultDb,
): Promise<void> {
  await database.transaction('rw', database.problemColorMapping, async () => {
    await database.problemColorMapping.where('CompanyID').equals(companyId).delete();
    await database.problemColorMapping.bulkPut(
      mappings
        .filter((m) => m.CompanyID === companyId)
        .map((m): CachedMapping => ({
          id: m.id,
          CompanyID: m.CompanyID,
          Problem: m.Problem,
          Color: m.Color,
          Abbreviation: m.Abbreviation,
          updated_at: m.updated_at,
        })),
    );
  });
}

/** The company's mappings as /get_problem_color_mappings answers them, sorted by problem. */
export async function readCachedProblemColors(
  companyId: number,
  database: OfflineDatabase = defaultDb,
): Promise<ProblemColorMapping[]> {
  const rows = (await database.problemColorMapping.where('CompanyID').equals(companyId).toArray()) as CachedMapping[];
  return rows
    .map((r) => ({
      id: Number(r.id),
      CompanyID: r.CompanyID,
      Problem: r.Problem,
      Color: r.Color,
      Abbreviation: r.Abbreviation ?? '',
      updated_at: r.updated_at ?? '',
    }))
    .sort((a, b) => a.Problem.localeCompare(b.Problem));
}

/** One problem's mapping (exact name first, then case-insensitively, as the server matches). */
export async function readCachedProblemColor(
  companyId: number,
  problem: string,
  database: OfflineDatabase = defaultDb,
): Promise<ProblemColorMapping | null> {
  const exact = (await database.problemColorMapping.where('[CompanyID+Problem]').equals([companyId, problem]).first()) as
    | CachedMapping
    | undefined;
  if (exact) return (await readCachedProblemColors(companyId, database)).find((m) => m.id === Number(exact.id)) ?? null;
  const lower = problem.trim().toLowerCase();
  return (await readCachedProblemColors(companyId, database)).find((m) => m.Problem.toLowerCase() === lower) ?? null;
}
