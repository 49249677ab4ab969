import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
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

/** An observation as written: the table's insertable row without the generated id and status history. */
export type NewObservation = Omit<Insertable<ProblemObservationTable>, 'observation_id' | 'status_changed_at' | 'status_changed_by'>;

/** Inserts the rows in order; answers their ids in the same order. */
export async function insertObservations(trx: Transaction<DB>, rows: NewObservation[]): Promise<number[]> {
  if (!rows.length) return [];
  const made = await trx.insertInto('problem_observations').values(rows).returning('observation_id').execute();
  return made.map((r) => r.observation_id);
}

/** One observation of the company, locked for the change that follows; undefined when it is not the company's. */
export function lockObservation(trx: Transaction<DB>, companyId: number, observationId: number) {
  return trx
    .selectFrom('problem_observations')
    .select(['observation_id', 'status', 'problem', 'problem_id', 'confidence', 'room_id', 'grid_box_id', 'severity', 'source'])
    .where('company_id', '=', companyId)
    .where('observation_id', '=', observationId)
    .forUpdate()
    .executeTakeFirst();
}

export type ObservationStatus = 'open' | 'resolved' | 'dismissed' | 'suspected';

export interface ObservationPatch {
  problem?: string;
  problem_id?: number | null;
  status?: ObservationStatus;
  status_changed_at?: Date;
  status_changed_by?: number;
}

export async function updateObservation(trx: Transaction<DB>, companyId: number, observationId: number, patch: ObservationPatch) {
  await trx.updateTable('problem_observations').set(patch).where('company_id', '=', companyId).where('observation_id', '=', observationId).execute();
}

/**
 * Moves the listed observations that are in one of `from` to `to`; answers the ids it changed, ascending. The
 * status test is in the update itself, so an observation changed meanwhile by someone else is left as it is.
 */
export async function moveStatus(
  trx: Transaction<DB>,
  companyId: number,
  ids: number[],
  from: ObservationStatus[],
  to: ObservationStatus,
  userId: number,
  at: Date,
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await trx
    .updateTable('problem_observations')
    .set({ status: to, status_changed_at: at, status_changed_by: userId })
    .where('company_id', '=', companyId)
    .where('observation_id', 'in', ids)
    .where('status', 'in', from)
    .returning('observation_id')
    .execute();
  return rows.map((r) => r.observation_id).sort((a, b) => a - b);
}

export async function recordActions(
  trx: Transaction<DB>,
  companyId: number,
  ids: number[],
  action: 'resolve' | 'dismiss' | 'reopen',
  userId: number,
  at: Date,
) {
  if (ids.length === 0) return;
  await trx
    .insertInto('observation_actions')
    .values(ids.map((id) => ({ company_id: companyId, observation_id: id, action, user_id: userId, acted_at: at })))
    .execute();
}

/** Deletes observations of the company a scan filed (source 'scan'); answers the ids deleted. */
export async function deleteScanObservations(trx: Transaction<DB>, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await trx
    .deleteFrom('problem_observations')
    .where('company_id', '=', companyId)
    .where('source', '=', 'scan')
    .where('observation_id', 'in', ids)
    .returning('observation_id')
    .execute();
  return rows.map((r) => r.observation_id);
}

/** An observation's status and problem, as a bulk change reads them. */
export interface ObservationState {
  observation_id: number;
  status: ObservationStatus;
  problem: string;
  problem_id: number | null;
}

/** The company's observations among these ids, locked in id order (two bulk changes of overlapping ones take turns). */
export function lockObservations(trx: Transaction<DB>, companyId: number, ids: number[]): Promise<ObservationState[]> {
  return trx
    .selectFrom('problem_observations')
    .select(['observation_id', 'status', 'problem', 'problem_id'])
    .where('company_id', '=', companyId)
    .where('observation_id', '=', sql<number>`ANY(${sql.val(ids)}::int[])`)
    .orderBy('observation_id')
    .forUpdate()
    .execute();
}

/** Files each listed observation under its problem, in one statement. */
export async function setProblems(trx: Transaction<DB>, companyId: number, rows: { id: number; problem: string; problem_id: number | null }[]) {
  if (!rows.length) return;
  await sql`
    UPDATE problem_observations o SET problem = v.problem, problem_id = v.problem_id
    FROM unnest(${sql.val(rows.map((r) => r.id))}::int[], ${sql.val(rows.map((r) => r.problem))}::text[],
      ${sql.val(rows.map((r) => r.problem_id))}::int[]) AS v(id, problem, problem_id)
    WHERE o.company_id = ${companyId} AND o.observation_id = v.id`.execute(trx);
}
