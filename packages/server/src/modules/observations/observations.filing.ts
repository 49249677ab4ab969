import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TxDeps } from '../../lib/deps.js';
import { raiseNotificationEvent } from '../automations/index.js';
import { evaluateThresholds } from '../thresholds/thresholds.evaluate.js';
import { suspectedAlertRule } from '../company_settings/company-settings.service.js';
import * as repo from './observations.repository.js';

export interface ObservationPlace {
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  sub_gridbox_id: number | null;
}

/** Where an observation comes from: a scout's form, a scan (or camera), a batch problem, a reviewer confirming a detection. */
export type FilingSource = 'form' | 'scan' | 'batch' | 'review';

const STORED_SOURCE = { form: 'form', scan: 'scan', batch: 'batch_problem', review: 'scan' } as const;

/** One problem seen at one place. */
export interface FiledObservation {
  place: ObservationPlace;
  problem: string;
  problem_id: number | null;
  severity: number | null;
  notes?: string | null;
  batch_id?: number | null;
  response_id?: number | null;
  field_response_id?: number | null;
  /** A scan's detection confidence (0–1). */
  confidence?: number | null;
}

export interface FileObservationsInput {
  companyId: number;
  source: FilingSource;
  /** Who filed them, from the session (null for none). */
  observedBy: number | null;
  observedAt: Date;
  /** What the alert is keyed on: the response, the scan; without it (a batch problem, a reviewer's filing) the first observation. */
  originId?: number;
  /** A scan's unreviewed detections: filed as suspected problems, alerting only as the company's rule says (issue 18). */
  suspected?: boolean;
  observations: FiledObservation[];
  /** False when this filing must not alert (a confirmation the company chose not to hear of). */
  alert?: boolean;
}

const ORIGIN_KIND = { form: 'response', scan: 'scan', batch: 'batch', review: 'review' } as const;

/** The alert and the thresholds for observations just filed or confirmed, in the caller's transaction. */
export async function announceObserved(
  trx: Kysely<DB>,
  e: { companyId: number; actorId: number | null; origin: { kind: 'response' | 'scan' | 'batch' | 'review'; id: number }; rows: FiledObservation[]; alert: boolean; suspected?: { confidence: number }; suspectedFrom: number | null },
) {
  if (e.rows.length === 0) return;
  const problems = [...new Set(e.rows.map((r) => r.problem))];
  const rooms = new Set(e.rows.map((r) => r.place.room_id));
  const boxes = new Set(e.rows.map((r) => r.place.grid_box_id));
  const severities = e.rows.map((r) => r.severity).filter((v): v is number => v !== null);
  if (e.alert) {
    await raiseNotificationEvent(trx, {
      type: 'problem_observed', companyId: e.companyId, actorId: e.actorId, origin: e.origin, problems,
      // One place when every observation shares it; a filing over several rooms (a batch problem) links to the list.
      roomId: rooms.size === 1 ? [...rooms][0]! : null, gridBoxId: boxes.size === 1 && rooms.size === 1 ? [...boxes][0]! : null,
      severity: severities.length ? Math.max(...severities) : null,
      ...(e.suspected ? { suspected: e.suspected } : {}),
    });
  }
  // Action thresholds, per room group (docs/decisions.md, "Action thresholds"): a level reached alerts once per window.
  const groups = new Map<string, FiledObservation[]>();
  for (const r of e.rows) {
    const key = `${r.place.room_id}:${r.place.grid_box_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const rows of groups.values()) {
    await evaluateThresholds(trx, {
      companyId: e.companyId, actorId: e.actorId, roomId: rows[0]!.place.room_id, gridBoxId: rows[0]!.place.grid_box_id,
      problems: [...new Set(rows.map((r) => r.problem))], suspectedFrom: e.suspectedFrom,
    });
  }
}

/**
 * The one way an observation is filed (issue 21): inserts the rows, raises `problem_observed` and evaluates
 * the action thresholds, all in the caller's transaction. Suspected ones (a scan's unreviewed detections)
 * alert and count for thresholds only when the company alerts on suspected problems above a confidence and
 * theirs reaches it; otherwise they wait for a reviewer (confirmSuspected). Answers the ids in input order.
 */
export async function fileObservations({ db: trx }: TxDeps, input: FileObservationsInput): Promise<number[]> {
  if (input.observations.length === 0) return [];
  const ids = await repo.insertObservations(
    trx,
    input.observations.map((o) => ({
      company_id: input.companyId, ...o.place, problem: o.problem, problem_id: o.problem_id, severity: o.severity,
      notes: o.notes ?? null, batch_id: o.batch_id ?? null, response_id: o.response_id ?? null, field_response_id: o.field_response_id ?? null,
      confidence: o.confidence ?? null, source: STORED_SOURCE[input.source], observed_at: input.observedAt, observed_by: input.observedBy,
      ...(input.suspected ? { status: 'suspected' as const } : {}),
    })),
  );
  const rule = await suspectedAlertRule({ db: trx }, input.companyId);
  const suspectedFrom = rule.mode === 'above' ? rule.min_confidence : null;
  const origin = { kind: ORIGIN_KIND[input.source], id: input.originId ?? ids[0]! };
  if (!input.suspected) {
    await announceObserved(trx, { companyId: input.companyId, actorId: input.observedBy, origin, rows: input.observations, alert: input.alert ?? true, suspectedFrom });
    return ids;
  }
  if (suspectedFrom === null) return ids;
  const sure = input.observations.filter((o) => (o.confidence ?? 0) >= suspectedFrom);
  if (sure.length === 0) return ids;
  await announceObserved(trx, {
    companyId: input.companyId, actorId: input.observedBy, origin, rows: sure, alert: input.alert ?? true,
    suspected: { confidence: Math.max(...sure.map((o) => o.confidence ?? 0)) }, suspectedFrom,
  });
  return ids;
}
