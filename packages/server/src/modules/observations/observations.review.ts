import type { TxDeps } from '../../lib/deps.js';
import { suspectedAlertRule } from '../company_settings/company-settings.service.js';
import { announceObserved, fileObservations, type FiledObservation } from './observations.filing.js';
import * as repo from './observations.repository.js';

export interface ConfirmSuspectedInput {
  companyId: number;
  /** The observation the detection filed; null when it filed none or a rejection removed it. */
  observationId: number | null;
  /** The problem the reviewer confirmed (the detection's, or the one chosen in a correction). */
  problem: { name: string; problem_id: number };
  userId: number;
  at: Date;
  /** What to file when there is no observation to confirm: the detection's place, severity, note and time. */
  filing: Omit<FiledObservation, 'problem' | 'problem_id'> & { observedAt: Date };
}

/**
 * A reviewer confirms (or corrects) a scan's detection: its suspected observation becomes an open one of the
 * problem confirmed, and only now alerts (`problem_observed`) and counts for thresholds, unless the company
 * alerts on suspected problems and this one already did (same problem, confidence reached), or chose 'off'.
 * With no observation left (never filed, or removed by a rejection) a new one is filed. One confirmed
 * earlier follows the correction's problem, and one dismissed earlier is reopened. The caller holds the
 * detection's row lock, so two reviews of one detection take turns. The alert is keyed on the observation
 * (`problem:review:<id>`), so confirming it again adds no delivery. Answers the observation's id.
 */
export async function confirmSuspected({ db: trx }: TxDeps, input: ConfirmSuspectedInput): Promise<number> {
  const rule = await suspectedAlertRule({ db: trx }, input.companyId);
  const before = input.observationId === null ? undefined : await repo.lockObservation(trx, input.companyId, input.observationId);
  if (!before) {
    const { observedAt, ...row } = input.filing;
    const [id] = await fileObservations({ db: trx }, {
      companyId: input.companyId, source: 'review', observedBy: input.userId, observedAt,
      observations: [{ ...row, problem: input.problem.name, problem_id: input.problem.problem_id }], alert: rule.mode !== 'off',
    });
    return id!;
  }
  const id = before.observation_id;
  const becomesOpen = before.status !== 'open';
  await repo.updateObservation(trx, input.companyId, id, {
    problem: input.problem.name, problem_id: input.problem.problem_id,
    ...(becomesOpen ? { status: 'open' as const, status_changed_at: input.at, status_changed_by: input.userId } : {}),
  });
  if (before.status === 'resolved' || before.status === 'dismissed') await repo.recordActions(trx, input.companyId, [id], 'reopen', input.userId, input.at);
  if (before.status !== 'suspected') return id;
  const alertedAlready = rule.mode === 'above' && (before.confidence ?? 0) >= rule.min_confidence && before.problem_id === input.problem.problem_id;
  const { observedAt: _at, ...row } = input.filing;
  await announceObserved(trx, {
    companyId: input.companyId, actorId: input.userId, origin: { kind: 'review', id },
    rows: [{ ...row, problem: input.problem.name, problem_id: input.problem.problem_id }],
    alert: rule.mode !== 'off' && !alertedAlready, suspectedFrom: rule.mode === 'above' ? rule.min_confidence : null,
  });
  return id;
}

/**
 * A reviewer rejects a scan's detection: a suspected observation is deleted (it never was one, so it leaves
 * every count, the per-day counts included); one confirmed earlier is dismissed with its action recorded.
 * Answers the observation still there (dismissed), or null.
 */
export async function dismissSuspected({ db: trx }: TxDeps, input: { companyId: number; observationId: number | null; userId: number; at: Date }): Promise<number | null> {
  if (input.observationId === null) return null;
  const before = await repo.lockObservation(trx, input.companyId, input.observationId);
  if (!before) return null;
  if (before.status === 'suspected') {
    await repo.deleteScanObservations(trx, input.companyId, [before.observation_id]);
    return null;
  }
  const moved = await repo.moveStatus(trx, input.companyId, [before.observation_id], ['open', 'resolved'], 'dismissed', input.userId, input.at);
  await repo.recordActions(trx, input.companyId, moved, 'dismiss', input.userId, input.at);
  return before.observation_id;
}

/**
 * A scout's action on observations another module chose (the unresolved-problems pages, a batch's problems):
 * resolve or dismiss open ones, reopen closed ones; suspected ones are never touched (a reviewer decides them).
 * Records each change as an observation action; answers the ids changed, ascending.
 */
export async function changeObservationStatus(
  { db: trx }: TxDeps,
  input: { companyId: number; ids: number[]; action: 'resolve' | 'dismiss' | 'reopen'; userId: number; at: Date },
): Promise<number[]> {
  const to = input.action === 'resolve' ? 'resolved' : input.action === 'dismiss' ? 'dismissed' : 'open';
  const from: repo.ObservationStatus[] = input.action === 'reopen' ? ['resolved', 'dismissed'] : ['open'];
  const ids = await repo.moveStatus(trx, input.companyId, input.ids, from, to, input.userId, input.at);
  await repo.recordActions(trx, input.companyId, ids, input.action, input.userId, input.at);
  return ids;
}

/** Removes the observations a scan filed, when the scan is deleted; answers the ids removed. */
export async function deleteScanObservations({ db: trx }: TxDeps, companyId: number, ids: number[]): Promise<number[]> {
  return repo.deleteScanObservations(trx, companyId, ids);
}

/** The company's observations among these ids, with status and problem, locked in id order (a bulk change, in its transaction). */
export function lockObservations({ db: trx }: TxDeps, companyId: number, ids: number[]) {
  return repo.lockObservations(trx, companyId, ids);
}

/**
 * Files observations under another problem (a bulk reassignment or its undo, after lockObservations); their
 * status and history stay; the per-day counts follow by the table's update trigger (migration 2026_11_27_1000).
 */
export function reassignObservations({ db: trx }: TxDeps, companyId: number, rows: { id: number; problem: string; problem_id: number | null }[]) {
  return repo.setProblems(trx, companyId, rows);
}
