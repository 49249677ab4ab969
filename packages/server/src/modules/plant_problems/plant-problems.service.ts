import { LIBRARY_ABBREVIATIONS, plantProblemsMessages as msg, type EndpointInput, type plantProblemsEndpoints } from '@verdant/contract';
import { PROBLEM_SYNONYMS } from './plant-problems.synonyms.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './plant-problems.repository.js';
import { toCustomSolution, toPlantProblems } from './plant-problems.mapper.js';
import type { Deps } from '../../lib/deps.js';
import { userLanguage } from '../../lib/caller-language.js';
import { trigramLikeness } from '../../lib/trigram.js';
import { libraryReader, type LibraryReader } from './plant-problems.i18n.js';

type Input<K extends keyof typeof plantProblemsEndpoints> = EndpointInput<(typeof plantProblemsEndpoints)[K]>;

/** The library as the caller reads it: in their own language, else their company's, else English. */
export async function readerFor({ db }: Deps, caller: Caller): Promise<LibraryReader> {
  return libraryReader((await userLanguage(db, caller.user_id, caller.company_id)).effective);
}

async function withDetails(deps: Deps, caller: Caller, rows: repo.ProblemRow[]) {
  const ids = rows.map((r) => r.problem_id);
  const [symptoms, colors, solutions, lib] = await Promise.all([
    repo.symptomsOf(deps.db, ids),
    repo.colorSymptomsOf(deps.db, ids),
    repo.customSolutionsOf(deps.db, caller.company_id, ids),
    readerFor(deps, caller),
  ]);
  // Listed by the name the caller reads (a company's own problem next to a library one of its name, own first).
  const collator = new Intl.Collator(lib.language, { sensitivity: 'base' });
  return toPlantProblems(rows, symptoms, colors, solutions, lib)
    .map((p, i) => ({ p, i }))
    .sort((a, b) => collator.compare(a.p.display_name, b.p.display_name) || a.i - b.i)
    .map(({ p }) => p);
}

/** The library plus the caller company's own problems; a slug that names nothing is a 404. */
export async function loadPlantProblems(deps: Deps, caller: Caller, slug: string | undefined) {
  const rows = await repo.listProblems(deps.db, caller.company_id, { slug });
  if (slug !== undefined && rows.length === 0) throw notFound('Plant problem');
  return { status: 'success' as const, problems: await withDetails(deps, caller, rows) };
}

export async function filterPlantProblems(deps: Deps, caller: Caller, f: Input<'filterPlantProblems'>) {
  if (f.symptom_group_id !== undefined && !(await repo.symptomGroupExists(deps.db, f.symptom_group_id))) throw notFound('Symptom group');
  if (f.symptom_id !== undefined && !(await repo.symptomExists(deps.db, f.symptom_id))) throw notFound('Symptom');
  const rows = await repo.listProblems(deps.db, caller.company_id, { symptomGroupId: f.symptom_group_id, symptomId: f.symptom_id });
  return { status: 'success' as const, problems: await withDetails(deps, caller, rows) };
}

export async function symptomGroups(deps: Deps, caller: Caller) {
  const [groups, symptoms, lib] = await Promise.all([repo.listSymptomGroups(deps.db), repo.listSymptoms(deps.db), readerFor(deps, caller)]);
  return {
    status: 'success' as const,
    symptom_groups: groups.map((g) => ({
      symptom_group_id: g.symptom_group_id,
      name: lib.group(g.name)?.name ?? g.name,
      description: lib.group(g.name)?.description ?? g.description,
      symptoms: symptoms
        .filter((s) => s.symptom_group_id === g.symptom_group_id)
        .map((s) => ({ symptom_id: s.symptom_id, name: lib.symptom(g.name, s.name) })),
    })),
  };
}

export async function colorSymptoms(deps: Deps, caller: Caller) {
  const [rows, lib] = await Promise.all([repo.listColorSymptoms(deps.db), readerFor(deps, caller)]);
  return { status: 'success' as const, color_symptoms: rows.map((r) => ({ color_symptom_id: r.color_symptom_id, name: lib.colorSymptom(r.name), hex: r.hex })) };
}

/** A company adds its own advice to a library problem or one of its own; another company's problem is a 404. */
export async function addCustomSolution(deps: Deps, caller: Caller, problemId: number, text: string) {
  return deps.db.transaction().execute(async (trx) => {
    const problem = await repo.findProblem(trx, caller.company_id, problemId);
    if (!problem) throw notFound('Plant problem');
    const row = await repo.insertCustomSolution(trx, {
      company_id: caller.company_id,
      problem_id: problemId,
      custom_solution: text,
      created_by: caller.user_id,
    });
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'plant_problem.custom_solution_added',
      entityType: 'plant_problem',
      entityId: problemId,
      after: { solution_id: row.solution_id, problem: problem.name, custom_solution: text },
    });
    const author = await trx.selectFrom('users').select(['first_name', 'last_name']).where('user_id', '=', caller.user_id).executeTakeFirst();
    return {
      status: 'success' as const,
      message: msg.solutionAdded,
      custom_solution: toCustomSolution({ ...row, first_name: author?.first_name ?? null, last_name: author?.last_name ?? null }),
    };
  });
}

/** Sets the company's EPPO code for a library or own problem; another company's problem is a 404. */
export async function setEppoCode(deps: Deps, caller: Caller, problemId: number, code: string | null) {
  return deps.db.transaction().execute(async (trx) => {
    const problem = await repo.findProblem(trx, caller.company_id, problemId);
    if (!problem) throw notFound('Plant problem');
    const before = await repo.eppoCodeOf(trx, caller.company_id, problemId);
    await repo.upsertEppoCode(trx, { company_id: caller.company_id, problem_id: problemId, eppo_code: code, updated_by: caller.user_id });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'plant_problem.eppo_code', entityType: 'plant_problem', entityId: problemId,
      before: { eppo_code: before }, after: { problem: problem.name, eppo_code: code },
    });
    return { status: 'success' as const, message: msg.eppoSaved, problem_id: problemId, eppo_code: code };
  });
}

/** A plant problem found by a search: its id and name, the reader's name and category, how well it matched. */
export interface ProblemMatch {
  problem_id: number;
  name: string;
  display_name: string;
  category_label: string;
  /** 0 a name or synonym equals the term, 1 one starts with it (or a word of it does), 2 contains it, 3 is only like it (a typo). */
  rank: number;
  /** How alike the best name is to the term (rank 3, pg_trgm); 0 otherwise. */
  score: number;
}

/** Terms this long are also matched forgivingly, as the search does (modules/search, FUZZY_MIN_CHARS). */
const FUZZY_MIN_CHARS = 4;

/** Case- and accent-insensitive: 'acaro' finds 'Ácaro', 'trips' finds 'Trips'. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

function rankOf(term: string, texts: string[]): number | null {
  let best: number | null = null;
  for (const text of texts.map(fold)) {
    const r = text === term ? 0 : text.startsWith(term) || text.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(term)) ? 1 : text.includes(term) ? 2 : null;
    if (r !== null && (best === null || r < best)) best = r;
  }
  return best;
}

/**
 * The library and the caller company's own problems whose name in the caller's language, English name,
 * synonym (PROBLEM_SYNONYMS) or abbreviation matches the term, best first. The library is small (about
 * fifty rows plus a company's own), so it is matched here rather than in SQL over every language.
 * A term of 4 characters or more that finds too few is also matched by likeness (pg_trgm, lib/trigram.ts).
 */
export async function searchProblems(deps: Deps, caller: Caller, term: string, limit: number): Promise<ProblemMatch[]> {
  const [rows, lib] = await Promise.all([repo.listProblems(deps.db, caller.company_id), readerFor(deps, caller)]);
  const t = fold(term);
  const out: ProblemMatch[] = [];
  const unmatched: Array<{ match: Omit<ProblemMatch, 'rank' | 'score'>; texts: string[] }> = [];
  for (const p of rows) {
    const display = lib.problem(p.slug, p.company_id)?.name ?? p.name;
    const library = p.company_id === null;
    const texts = [display, p.name, ...(library ? (PROBLEM_SYNONYMS[p.slug] ?? []) : []), ...(library ? [LIBRARY_ABBREVIATIONS[p.slug] ?? ''] : [])].filter(Boolean);
    const rank = rankOf(t, texts);
    const match = { problem_id: p.problem_id, name: p.name, display_name: display, category_label: lib.category(p.category) };
    if (rank !== null) out.push({ ...match, rank, score: 0 });
    else unmatched.push({ match, texts });
  }
  // Too few found as typed: those whose name is like the term ("powdry mildw"), by pg_trgm in one statement.
  if (out.length < limit && [...t].length >= FUZZY_MIN_CHARS && unmatched.length > 0) {
    const texts = unmatched.flatMap((u) => u.texts.map(fold));
    const scores = await trigramLikeness(deps.db, t, texts);
    let at = 0;
    for (const u of unmatched) {
      const best = Math.max(0, ...scores.slice(at, at + u.texts.length));
      at += u.texts.length;
      if (best > 0) out.push({ ...u.match, rank: 3, score: best });
    }
  }
  const collator = new Intl.Collator(lib.language, { sensitivity: 'base' });
  return out.sort((a, b) => a.rank - b.rank || b.score - a.score || collator.compare(a.display_name, b.display_name)).slice(0, limit);
}
