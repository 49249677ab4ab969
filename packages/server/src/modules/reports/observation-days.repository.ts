import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Folds a company's rows of problem_observation_days that share a day and problem into one (rows summing
 * to nothing are dropped). Writers only append rows (migration 2026_11_27_1000), so a key gathers one row
 * per write statement until this runs. One statement: rows appended meanwhile are not in its snapshot and
 * stay; a second compaction of the same company at once is skipped (its deletes could wait on the first's).
 * Answers how many rows it folded.
 */
export async function compactObservationDays(db: Kysely<DB>, companyId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext('problem_observation_days'), ${companyId}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return 0;
    const folded = await sql<{ n: number }>`
      WITH keys AS (
        SELECT day, problem FROM problem_observation_days WHERE company_id = ${companyId}
        GROUP BY day, problem HAVING count(*) > 1 OR bool_and(open_count = 0 AND resolved_count = 0 AND dismissed_count = 0 AND suspected_count = 0)
      ), gone AS (
        DELETE FROM problem_observation_days d USING keys
        WHERE d.company_id = ${companyId} AND d.day = keys.day AND d.problem = keys.problem
        RETURNING d.*
      ), kept AS (
        INSERT INTO problem_observation_days (company_id, day, problem, open_count, resolved_count, dismissed_count, suspected_count)
        SELECT company_id, day, problem, sum(open_count), sum(resolved_count), sum(dismissed_count), sum(suspected_count)
        FROM gone GROUP BY company_id, day, problem
        HAVING sum(open_count) <> 0 OR sum(resolved_count) <> 0 OR sum(dismissed_count) <> 0 OR sum(suspected_count) <> 0
      )
      SELECT count(*)::int AS n FROM gone`.execute(trx);
    return folded.rows[0]?.n ?? 0;
  });
}

/** Every company that has rows. */
export async function companiesWithDays(db: Kysely<DB>) {
  const rows = await db.selectFrom('companies').select('company_id')
    .where(({ exists, selectFrom }) => exists(selectFrom('problem_observation_days as d').select('d.company_id').whereRef('d.company_id', '=', 'companies.company_id')))
    .execute();
  return rows.map((r) => r.company_id);
}
