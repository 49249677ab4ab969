import { sql } from 'kysely';
import type { TxDeps, Deps } from '../../lib/deps.js';

/**
 * The observations round trip's writes (issue 25; docs/decisions.md, "Observations round trip"), kept with the owner
 * of problem_observations: modules/facility_transfer plans an import and calls these in its transaction. Imported
 * observations are history: they are written as they were (time, status) without alerts or thresholds, which
 * fileObservations raises for what is seen now.
 */
export type ImportedStatus = 'open' | 'resolved' | 'dismissed';

export interface TransferredFacts {
  severity: number | null;
  status: ImportedStatus;
  notes: string | null;
}

/** An existing observation an import may match (by place, problem and instant), with its facts. */
export interface MatchableObservation extends TransferredFacts {
  observation_id: number;
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  problem: string;
  observed_at: Date;
}

/**
 * The company's observations (suspected ones aside) observed at these instants; locked when `lock` (the import's
 * transaction), so the plan of a chunk holds until the import commits.
 */
export async function observationsAt({ db }: Deps, companyId: number, instants: Date[], lock: boolean): Promise<MatchableObservation[]> {
  if (!instants.length) return [];
  const { rows } = await sql<MatchableObservation>`
    SELECT observation_id, room_id, grid_id, grid_box_id, problem, observed_at, severity, status, notes
    FROM problem_observations
    WHERE company_id = ${companyId} AND observed_at = ANY(${sql.val(instants.map((d) => d.toISOString()))}::timestamptz[]) AND status <> 'suspected'
    ORDER BY observation_id
    ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows;
}

export interface ImportedObservationRow extends TransferredFacts {
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  problem: string;
  problem_id: number | null;
  observed_at: Date;
}

/** Inserts a chunk of imported observations in order (source 'form': a scout's record); answers their ids in order. */
export async function insertImportedObservations({ db: trx }: TxDeps, companyId: number, userId: number, at: Date, rows: ImportedObservationRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const made = await trx
    .insertInto('problem_observations')
    .values(rows.map((r) => ({
      company_id: companyId, room_id: r.room_id, grid_id: r.grid_id, grid_box_id: r.grid_box_id, sub_gridbox_id: null, problem: r.problem,
      problem_id: r.problem_id, severity: r.severity, notes: r.notes, batch_id: null, response_id: null, field_response_id: null,
      source: 'form' as const, observed_at: r.observed_at, observed_by: null, status: r.status,
      status_changed_at: r.status === 'open' ? null : at, status_changed_by: r.status === 'open' ? null : userId,
    })))
    .returning('observation_id')
    .execute();
  return made.map((r) => r.observation_id);
}

/** Sets severity, status and notes of these observations in one statement (an import's changes, or their undo). */
export async function setTransferredFacts({ db: trx }: TxDeps, companyId: number, userId: number, at: Date, rows: ({ id: number } & TransferredFacts)[]) {
  if (!rows.length) return;
  await sql`
    UPDATE problem_observations o SET severity = v.severity, notes = v.notes, status = v.status,
      status_changed_at = CASE WHEN o.status IS DISTINCT FROM v.status THEN ${at}::timestamptz ELSE o.status_changed_at END,
      status_changed_by = CASE WHEN o.status IS DISTINCT FROM v.status THEN ${userId}::int ELSE o.status_changed_by END
    FROM unnest(${sql.val(rows.map((r) => r.id))}::int[], ${sql.val(rows.map((r) => r.severity))}::double precision[],
      ${sql.val(rows.map((r) => r.notes))}::text[], ${sql.val(rows.map((r) => r.status))}::text[]) AS v(id, severity, notes, status)
    WHERE o.company_id = ${companyId} AND o.observation_id = v.id`.execute(trx);
}

/** These observations' facts, locked (an undo checks nothing changed since the import). */
export async function lockTransferred({ db: trx }: TxDeps, companyId: number, ids: number[]): Promise<({ observation_id: number } & TransferredFacts)[]> {
  if (!ids.length) return [];
  const { rows } = await sql<{ observation_id: number } & TransferredFacts>`
    SELECT observation_id, severity, status, notes FROM problem_observations
    WHERE company_id = ${companyId} AND observation_id = ANY(${sql.val(ids)}::int[]) ORDER BY observation_id FOR UPDATE`.execute(trx);
  return rows;
}

/** Deletes the observations an import created (its undo, after lockTransferred); answers how many went. */
export async function deleteImportedObservations({ db: trx }: TxDeps, companyId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const { numAffectedRows } = await sql`
    DELETE FROM problem_observations WHERE company_id = ${companyId} AND observation_id = ANY(${sql.val(ids)}::int[])`.execute(trx);
  return Number(numAffectedRows ?? 0);
}
