import { sql, type Kysely } from 'kysely';

/**
 * Trend reports read problem_observations by company and time (problem_observations_company_idx), and
 * narrow it by room — the observation's own room or a grid of the room — or by one problem. These
 * indexes give those narrower reads a time range to scan instead of the company's whole history;
 * bench/trends.bench.ts prints the plans that use them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX problem_observations_room_time_idx ON problem_observations (room_id, observed_at) WHERE room_id IS NOT NULL;
    CREATE INDEX problem_observations_grid_time_idx ON problem_observations (grid_id, observed_at) WHERE grid_id IS NOT NULL;
    CREATE INDEX problem_observations_problem_time_idx ON problem_observations (company_id, lower(problem), observed_at);
  `.execute(db);
}
