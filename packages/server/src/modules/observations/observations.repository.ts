import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, ProblemObservationTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface KnownProblem {
  problem_id: number;
  company_id: number | null;
  slug: string;
  name: string;
}

/** Library problems and the company's own whose slug or name is one of these (lower-cased) keys. */
export function findProblems(db: Db, companyId: number, names: string[], slugs: string[]): Promise<KnownProblem[]> {
  if (!names.length && !slugs.length) return Promise.resolve([]);
  return db
    .selectFrom('plant_problems')
    .select(['problem_id', 'company_id', 'slug', 'name'])
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['slug']), 'in', [...slugs, ...names]),
        eb(eb.fn('lower', ['name']), 'in', names),
      ]),
    )
    .execute();
}

/** A form-sourced observation as written: the table's row without the generated, status and batch columns, its response ids set. */
export type NewObservation = Omit<
  Selectable<ProblemObservationTable>,
  'observation_id' | 'batch_id' | 'source' | 'response_id' | 'field_response_id' | 'notes' | 'status' | 'status_changed_at' | 'status_changed_by'
> & { response_id: number; field_response_id: number };

export async function insertObservations(trx: Transaction<DB>, rows: NewObservation[]): Promise<number[]> {
  if (!rows.length) return [];
  const made = await trx
    .insertInto('problem_observations')
    .values(rows.map((r) => ({ ...r, source: 'form' as const })))
    .returning('observation_id')
    .execute();
  return made.map((r) => r.observation_id);
}
