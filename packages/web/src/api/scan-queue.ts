import { useEffect, useState } from 'react';
import { scansEndpoints as ep, type ScanType } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { actionQueue, classifyActionError, type ActionQueue, type ActionState, type QueuedAction } from './action-queue';
import { browserOffline } from '../offline/network';

/**
 * A scan on its way to the server. Scans made without a connection (or sent without an answer) wait in
 * the outbox's action queue like every field action: one row with its Idempotency-Key, its photos as
 * Blobs and the phone's own analysis as `client_analysis`, sent once, in order, by the same sender.
 */
export interface ScanToSend {
  company_id: number;
  scan_type: ScanType;
  room_id?: number;
  grid_id?: number;
  grid_box_id?: number;
  images: Blob[];
  /** When the photos were taken (ISO): a scan sent later keeps its own time. */
  captured_at: string;
  /** The phone's analysis as JSON text (features/scans/lib/device-analysis.ts). */
  client_analysis?: string;
}

export interface ScanMeta {
  userId: number;
  /** Where the scan is of, as the outbox ("Scan · …") and the scan history show it, e.g. "Tomatoes › Bench 1 › Box 2, 1". */
  label: string;
}

/** A scan in the outbox as the screens show it. */
export interface QueuedScan {
  seq: number;
  idempotencyKey: string;
  companyId: number;
  userId: number;
  label: string;
  state: ActionState;
  /** Why it waits (the last error) or the server's reason for refusing it. */
  reason: string | null;
  scanType: ScanType;
  capturedAt: string;
  photos: Blob[];
  /** The phone's analysis as it will be sent (JSON text), or null. */
  clientAnalysis: string | null;
  createdAt: number;
  sentAt: number | null;
}

export const SCAN_ENDPOINT = 'createScan';

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** A queued action as a scan (null when the action is not a scan). */
export function queuedScanOf(a: QueuedAction): QueuedScan | null {
  if (a.endpoint !== SCAN_ENDPOINT) return null;
  const input = a.input as Partial<ScanToSend> & { images?: Blob | Blob[] };
  const images = input.images;
  return {
    seq: a.seq,
    idempotencyKey: a.idempotencyKey,
    companyId: a.companyId,
    userId: a.userId,
    label: a.label,
    state: a.state,
    reason: a.reason,
    scanType: input.scan_type ?? 'room',
    capturedAt: input.captured_at ?? new Date(a.createdAt).toISOString(),
    photos: Array.isArray(images) ? images : images ? [images] : [],
    clientAnalysis: typeof input.client_analysis === 'string' ? input.client_analysis : null,
    createdAt: a.createdAt,
    sentAt: a.sentAt,
  };
}

/** A new Idempotency-Key for a scan: made once when the scout presses Analyse, kept by every retry. */
export const newScanKey = newKey;

/**
 * POST /create_scan at once with the scan's key. Rejects as callEndpoint does; `worthQueueing` says
 * whether the failure means "no answer" (queue it with the same key) rather than a refusal.
 */
export function sendScanNow(scan: ScanToSend, key: string) {
  return callEndpoint(ep.createScan, scan, undefined, {
    headers: { 'Idempotency-Key': key },
  });
}

/** No answer, 5xx, 401, 408, 429 or the same key still in progress: the scan waits and goes again with its key. */
export function worthQueueing(err: unknown): boolean {
  return classifyActionError(err).kind === 'retry';
}

/**
 * Puts a scan in the outbox (waiting) with `key` — the key of a send that got no answer, so the server
 * files it once — and starts sending when online. Answers the queued scan.
 */
export async function queueScan(scan: ScanToSend, meta: ScanMeta, key?: string, queue: ActionQueue = actionQueue()): Promise<QueuedScan> {
  const action = await queue.enqueue({
    companyId: scan.company_id,
    userId: meta.userId,
    endpoint: SCAN_ENDPOINT,
    input: { ...scan },
    label: meta.label,
    idempotencyKey: key,
  });
  if (!browserOffline()) void queue.flush({ userId: meta.userId }).catch(() => undefined);
  return queuedScanOf(action)!;
}

/** Live list of the user's scans in the outbox of this company (waiting, sending, refused, recently sent), oldest first. */
export function watchQueuedScans(filter: { userId: number; companyId: number }, onChange: (scans: QueuedScan[]) => void, queue: ActionQueue = actionQueue()) {
  return queue.watch(
    (actions) => onChange(actions.map(queuedScanOf).filter((s): s is QueuedScan => s !== null)),
    filter,
  );
}

/** `watchQueuedScans` as a hook (empty until signed in). */
export function useQueuedScans(userId: number | null | undefined, companyId: number | null | undefined): QueuedScan[] {
  const [scans, setScans] = useState<QueuedScan[]>([]);
  useEffect(() => {
    if (!userId || !companyId) {
      setScans([]);
      return;
    }
    return watchQueuedScans({ userId, companyId }, setScans);
  }, [userId, companyId]);
  return scans;
}
