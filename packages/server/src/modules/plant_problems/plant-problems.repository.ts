import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface ProblemFilter {
  slug?: string;
  symptomGroupId?: number;
  symptomId?: number;
}

/** The library (company_id NULL) and the company's own problems, by name. */
export function listProblems(db: Db, companyId: number, f: ProblemFilter = {}) {
  let q = db
    .selectFrom('plant_problems as p')
    .leftJoin('problem_eppo_codes as pe', (j) => j.onRef('pe.problem_id', '=', 'p.problem_id').on('pe.company_id', '=', companyId))
    .selectAll('p')
    // The company's own code wins, even a cleared one (null): it said the library's code does not fit.
    .select(sql<string | null>`CASE WHEN pe.problem_id IS NULL THEN p.eppo_code ELSE pe.eppo_code END`.as('company_eppo_code'))
    .where((eb) => eb.or([eb('p.company_id', 'is', null), eb('p.company_id', '=', companyId)]));
  if (f.slug !== undefined) q = q.where('p.slug', '=', f.slug);
  if (f.symptomGroupId !== undefined) {
    const group = f.symptomGroupId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('plant_problem_symptoms as ps')
          .innerJoin('symptoms as s', 's.symptom_id', 'ps.symptom_id')
          .select('ps.problem_id')
          .whereRef('ps.problem_id', '=', 'p.problem_id')
          .where('s.symptom_group_id', '=', group),
      ),
    );
  }
  if (f.symptomId !== undefined) {
    const symptom = f.symptomId;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('plant_problem_symptoms as ps').select('ps.problem_id').whereRef('ps.problem_id', '=', 'p.problem_id').where('ps.symptom_id', '=', symptom)),
    );
  }
  // A company's own problem with the same slug as a library one is listed next to it, own first.
  return q.orderBy('p.name').orderBy('p.company_id', 'asc').execute();
}
export type ProblemRow = Awaited<ReturnType<typeof listProblems>>[number];

export function findProblem(db: Db, companyId: number, problemId: number) {
  return db
    .selectFrom('plant_problems')
    .select(['problem_id', 'company_id', 'name'])
    .where('problem_id', '=', problemId)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .executeTakeFirst();
}

export function symptomsOf(db: Db, problemIds: number[]) {
  if (problemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plant_problem_symptoms as ps')
    .innerJoin('symptoms as s', 's.symptom_id', 'ps.symptom_id')
    .innerJoin('symptom_groups as g', 'g.symptom_group_id', 's.symptom_group_id')
    .select(['ps.problem_id', 's.symptom_id', 's.symptom_group_id', 's.name', 'g.name as group_name'])
    .where('ps.problem_id', 'in', problemIds)
    .orderBy('s.symptom_group_id')
    .orderBy('s.symptom_id')
    .execute();
}

export function colorSymptomsOf(db: Db, problemIds: number[]) {
  if (problemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plant_problem_color_symptoms as pc')
    .innerJoin('color_symptoms as c', 'c.color_symptom_id', 'pc.color_symptom_id')
    .select(['pc.problem_id', 'c.color_symptom_id', 'c.name', 'c.hex'])
    .where('pc.problem_id', 'in', problemIds)
    .orderBy('c.color_symptom_id')
    .execute();
}

export function customSolutionsOf(db: Db, companyId: number, problemIds: number[]) {
  if (problemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('problem_custom_solutions as cs')
    .leftJoin('users as u', 'u.user_id', 'cs.created_by')
    .select(['cs.solution_id', 'cs.problem_id', 'cs.custom_solution', 'cs.created_by', 'cs.created_at', 'u.first_name', 'u.last_name'])
    .where('cs.company_id', '=', companyId)
    .where('cs.problem_id', 'in', problemIds)
    .orderBy('cs.created_at')
    .orderBy('cs.solution_id')
    .execute();
}
export type CustomSolutionRow = Awaited<ReturnType<typeof customSolutionsOf>>[number];

export function insertCustomSolution(trx: Transaction<DB>, row: { company_id: number; problem_id: number; custom_solution: string; created_by: number }) {
  return trx.insertInto('problem_custom_solutions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listSymptomGroups(db: Db) {
  return db.selectFrom('symptom_groups').selectAll().orderBy('symptom_group_id').execute();
}

export function listSymptoms(db: Db) {
  return db.selectFrom('symptoms').selectAll().orderBy('symptom_group_id').orderBy('symptom_id').execute();
}

export function listColorSymptoms(db: Db) {
  return db.selectFrom('color_symptoms').selectAll().orderBy('color_symptom_id').execute();
}

export async function symptomGroupExists(db: Db, id: number) {
  return (await db.selectFrom('symptom_groups').select('symptom_group_id').where('symptom_group_id', '=', id).executeTakeFirst()) !== undefined;
}

export async function symptomExists(db: Db, id: number) {
  return (await db.selectFrom('symptoms').select('symptom_id').where('symptom_id', '=', id).executeTakeFirst()) !== undefined;
}

/** The company's EPPO code for a problem (one row per company and problem; null clears the library's). */
export async function upsertEppoCode(trx: Transaction<DB>, row: { company_id: number; problem_id: number; eppo_code: string | null; updated_by: number }) {
  await trx.insertInto('problem_eppo_codes').values({ ...row, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['company_id', 'problem_id']).doUpdateSet({ eppo_code: row.eppo_code, updated_by: row.updated_by, updated_at: new Date() }))
    .execute();
}

export async function eppoCodeOf(db: Db, companyId: number, problemId: number): Promise<string | null> {
  const r = await db.selectFrom('plant_problems as p')
    .leftJoin('problem_eppo_codes as pe', (j) => j.onRef('pe.problem_id', '=', 'p.problem_id').on('pe.company_id', '=', companyId))
    .select(sql<string | null>`CASE WHEN pe.problem_id IS NULL THEN p.eppo_code ELSE pe.eppo_code END`.as('code'))
    .where('p.problem_id', '=', problemId).executeTakeFirst();
  return r?.code ?? null;
}
