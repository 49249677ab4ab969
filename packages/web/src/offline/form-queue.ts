import type { AxiosInstance } from 'axios';
import { liveQuery } from 'dexie';
import { formResponsesEndpoints as ep, type UploadedFile } from '@verdant/contract';
import { toApiError } from '../api/api-error';
import { callEndpoint } from '../api/call-endpoint';
import { db as defaultDb, type OfflineDatabase, type OfflineFieldResponseRow, type OfflineFormResponseRow } from './db';
import { browserOffline, isNetworkError } from './network';

/** An answer as the form renderer holds it; the contract turns it into text (lists as JSON, booleans as 1/0). */
export type AnswerValue = string | number | boolean | Array<string | number> | null;

export interface FormAnswer {
  fieldID: number;
  inputData: AnswerValue;
}

export interface FormPhoto {
  fieldID: number;
  file: Blob;
  /** File name sent with the upload (the server keeps the extension). */
  name?: string;
}

/** Where the form was filled in: one box (or sub-box, or nowhere), several boxes at once, or a room. */
export type SubmissionPlace =
  | { kind: 'box'; GridBoxID?: number | null; Sub_gridboxID?: number | null }
  | { kind: 'boxes'; GridBoxIDs: number[] }
  | { kind: 'room'; roomID: number };

export type FormSubmission = SubmissionPlace & {
  submittedBy: number;
  templateID?: number | null;
  fieldResponses: FormAnswer[];
  photos?: FormPhoto[];
  /** When the scout submitted (ISO); defaults to now. The server stores it as the observed time. */
  submittedAt?: string;
  /** What the waiting list shows, e.g. "Scouting · Row 3 box 12". */
  label?: string;
};

export type SubmitOutcome =
  | { queued: false; responseIds: number[]; observationsCreated: number }
  | { queued: true; tempResponseID: number };

export type QueueState = 'pending' | 'failed';

/**
 * A queued submission: the spec's four columns (indexed) plus unindexed extras. `responseIds` is set
 * once the answers reached the server, so a retry only uploads the photos still missing.
 */
export interface QueuedForm extends OfflineFormResponseRow {
  kind: SubmissionPlace['kind'];
  templateID: number | null;
  GridBoxIDs: number[] | null;
  Sub_gridboxID: number | null;
  roomID: number | null;
  idempotencyKey: string;
  attempts: number;
  lastError: string | null;
  state: QueueState;
  /** Epoch ms before which automatic sends leave the item alone (backoff). */
  nextAttemptAt: number;
  responseIds: number[] | null;
  label: string | null;
}

/** An answer (InputData the value) or a photo (InputData the Blob, `photo` true). */
export interface QueuedField extends OfflineFieldResponseRow {
  photo?: boolean;
  fileName?: string;
  /** The photo's place in the submission; part of its upload's idempotency key. */
  photoIndex?: number;
}

/** A queued submission as the waiting list shows it. */
export interface QueueEntry {
  item: QueuedForm;
  answers: number;
  photos: number;
}

export interface FlushResult {
  sent: QueuedForm[];
  /** Refused by the server during this flush: kept as failed, with the server's reason. */
  failed: Array<{ item: QueuedForm; message: string }>;
  /** Items still waiting to be sent (failed ones not counted). */
  remaining: number;
  /** When the next automatic attempt is due (after a network failure or a 5xx). */
  retryAt: number | null;
}

export interface FormQueueOptions {
  database?: OfflineDatabase;
  /** The HTTP client; the app's signed-in axios by default (loaded lazily so Node scripts can pass their own). */
  client?: AxiosInstance;
  /** Web Lock name shared by every tab of the app. */
  lockName?: string;
  now?: () => number;
}

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** Delay before the n-th automatic retry: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Worth another try later: no answer, the server was unwell or busy (5xx, 408, 429), the same key is
 * still being processed (409), or the session must be renewed (401). Anything else is the server's refusal.
 */
export function isTransient(err: unknown): boolean {
  if (isNetworkError(err)) return true;
  const status = toApiError(err).status;
  if (status === undefined) return false;
  return status >= 500 || [401, 408, 409, 429].includes(status);
}

/** A job in memory: what one submission still has to send. */
interface Job {
  key: string;
  place: SubmissionPlace;
  submittedBy: number;
  submittedAt: string;
  templateID: number | null;
  answers: FormAnswer[];
  photos: Array<{ rowId?: number; fieldID: number; file: Blob; name: string; index: number }>;
  responseIds: number[] | null;
}

interface JobHooks {
  onResponses(ids: number[]): Promise<void>;
  onPhotoSent(photo: Job['photos'][number]): Promise<void>;
}

const noHooks: JobHooks = { onResponses: async () => {}, onPhotoSent: async () => {} };

function asUpload(file: Blob, name: string): UploadedFile {
  const named = typeof File !== 'undefined' && !(file instanceof File) ? new File([file], name, { type: file.type }) : file;
  return named as unknown as UploadedFile;
}

function extensionOf(type: string): string {
  const sub = type.split('/')[1]?.split(/[;+]/)[0];
  return sub === 'jpeg' ? 'jpg' : sub || 'jpg';
}

export function createFormQueue(options: FormQueueOptions = {}) {
  const database = options.database ?? defaultDb;
  const lockName = options.lockName ?? 'verdant-form-queue';
  const now = options.now ?? Date.now;
  let clientPromise: Promise<AxiosInstance> | null = options.client ? Promise.resolve(options.client) : null;
  const client = () => (clientPromise ??= import('../api/http').then((m) => m.axiosPrivate));

  async function sendResponses(job: Job, http: AxiosInstance): Promise<{ ids: number[]; observations: number }> {
    const headers = { 'Idempotency-Key': job.key };
    const common = {
      submittedBy: job.submittedBy,
      submittedAt: job.submittedAt,
      ...(job.templateID ? { templateID: job.templateID } : {}),
      fieldResponses: job.answers.map((a) => ({ fieldID: Number(a.fieldID), inputData: a.inputData })),
    };
    const place = job.place;
    if (place.kind === 'boxes') {
      // The spec's encoding: box ids as strings, field ids as numbers.
      const res = await callEndpoint(ep.submitFormBoxes, { ...common, GridBoxIDs: place.GridBoxIDs.map(String) }, http, { headers });
      return { ids: res.response_ids, observations: res.observations_created };
    }
    if (place.kind === 'room') {
      const res = await callEndpoint(ep.submitFormRoom, { ...common, roomID: place.roomID }, http, { headers });
      return { ids: [res.response_id], observations: res.observations_created };
    }
    const res = await callEndpoint(
      ep.submitForm,
      {
        ...common,
        ...(place.GridBoxID ? { GridBoxID: place.GridBoxID } : {}),
        ...(place.Sub_gridboxID ? { Sub_gridboxID: place.Sub_gridboxID } : {}),
      },
      http,
      { headers },
    );
    return { ids: [res.response_id], observations: res.observations_created };
  }

  async function sendPhoto(job: Job, photo: Job['photos'][number], responseId: number | undefined, http: AxiosInstance) {
    const place = job.place;
    const res = await callEndpoint(
      ep.submitFormImage,
      {
        image: asUpload(photo.file, photo.name),
        fieldID: photo.fieldID,
        submittedBy: job.submittedBy,
        submittedAt: job.submittedAt,
        ...(responseId ? { response_id: responseId } : {}),
        ...(!responseId && place.kind === 'box' && place.GridBoxID ? { GridBoxID: place.GridBoxID } : {}),
        ...(!responseId && place.kind === 'box' && place.Sub_gridboxID ? { Sub_gridboxID: place.Sub_gridboxID } : {}),
      },
      http,
      // Its own key, fixed by the submission, the photo and the response: a resend attaches it once.
      { headers: { 'Idempotency-Key': `${job.key}:photo:${photo.index}:${responseId ?? 'new'}` } },
    );
    return res.response_id;
  }

  /**
   * Sends what a job still lacks: the answers first (unless already sent), then each photo attached to
   * every response it made. Progress is reported through the hooks so a retry resumes, never repeats.
   */
  async function runJob(job: Job, hooks: JobHooks): Promise<{ ids: number[]; observations: number }> {
    const http = await client();
    let observations = 0;
    // Answers go first; a submission without photos is sent even when empty, so the server's refusal
    // shows in the list instead of the item vanishing unsent.
    if (!job.responseIds && (job.answers.length > 0 || job.photos.length === 0)) {
      const res = await sendResponses(job, http);
      job.responseIds = res.ids;
      observations = res.observations;
      await hooks.onResponses(res.ids);
    }
    for (const photo of [...job.photos]) {
      if (!job.responseIds) {
        // A photo-only submission: the first photo makes the response, the others join it.
        const id = await sendPhoto(job, photo, undefined, http);
        job.responseIds = [id];
        await hooks.onResponses(job.responseIds);
      } else {
        for (const id of job.responseIds) await sendPhoto(job, photo, id, http);
      }
      job.photos = job.photos.filter((p) => p !== photo);
      await hooks.onPhotoSent(photo);
    }
    return { ids: job.responseIds ?? [], observations };
  }

  function jobFrom(submission: FormSubmission): Job {
    const { kind } = submission;
    const place: SubmissionPlace =
      kind === 'boxes'
        ? { kind, GridBoxIDs: submission.GridBoxIDs }
        : kind === 'room'
          ? { kind, roomID: submission.roomID }
          : { kind, GridBoxID: submission.GridBoxID ?? null, Sub_gridboxID: submission.Sub_gridboxID ?? null };
    return {
      key: newKey(),
      place,
      submittedBy: submission.submittedBy,
      submittedAt: submission.submittedAt ?? new Date(now()).toISOString(),
      templateID: submission.templateID ?? null,
      answers: submission.fieldResponses,
      photos: (submission.photos ?? []).map((p, index) => ({
        fieldID: p.fieldID,
        file: p.file,
        name: p.name ?? `photo-${index + 1}.${extensionOf(p.file.type)}`,
        index,
      })),
      responseIds: null,
    };
  }

  /** Writes a job (with whatever progress it made) into the two offline tables. */
  async function store(job: Job, label: string | null, state: QueueState, lastError: string | null, attempts: number): Promise<number> {
    const place = job.place;
    return database.transaction('rw', [database.offlineFormResponses, database.offlineFieldResponses], async () => {
      const row: Omit<QueuedForm, 'tempResponseID'> = {
        SubmittedBy: job.submittedBy,
        GridBoxID: place.kind === 'box' ? (place.GridBoxID ?? null) : place.kind === 'boxes' ? (place.GridBoxIDs[0] ?? null) : null,
        submittedAt: job.submittedAt,
        kind: place.kind,
        templateID: job.templateID,
        GridBoxIDs: place.kind === 'boxes' ? place.GridBoxIDs : null,
        Sub_gridboxID: place.kind === 'box' ? (place.Sub_gridboxID ?? null) : null,
        roomID: place.kind === 'room' ? place.roomID : null,
        idempotencyKey: job.key,
        attempts,
        lastError,
        state,
        nextAttemptAt: state === 'pending' && attempts > 0 ? now() + backoffDelay(attempts) : 0,
        responseIds: job.responseIds,
        label,
      };
      const id = (await database.offlineFormResponses.add(row as QueuedForm)) as number;
      const fields: Array<Omit<QueuedField, 'tempFieldResponseID'>> = [
        // Answers already sent are not needed again; they are kept only while the response is unsent.
        ...(job.responseIds ? [] : job.answers.map((a) => ({ tempResponseID: id, FieldID: a.fieldID, InputData: a.inputData }))),
        ...job.photos.map((p) => ({ tempResponseID: id, FieldID: p.fieldID, InputData: p.file, photo: true, fileName: p.name, photoIndex: p.index })),
      ];
      await database.offlineFieldResponses.bulkAdd(fields as QueuedField[]);
      return id;
    });
  }

  async function jobOf(item: QueuedForm): Promise<Job> {
    const fields = (await database.offlineFieldResponses.where('tempResponseID').equals(item.tempResponseID).sortBy('tempFieldResponseID')) as QueuedField[];
    const place: SubmissionPlace =
      item.kind === 'boxes'
        ? { kind: 'boxes', GridBoxIDs: item.GridBoxIDs ?? [] }
        : item.kind === 'room'
          ? { kind: 'room', roomID: item.roomID ?? 0 }
          : { kind: 'box', GridBoxID: item.GridBoxID, Sub_gridboxID: item.Sub_gridboxID };
    return {
      key: item.idempotencyKey,
      place,
      submittedBy: item.SubmittedBy,
      submittedAt: item.submittedAt,
      templateID: item.templateID,
      answers: fields.filter((f) => !f.photo).map((f) => ({ fieldID: f.FieldID, inputData: f.InputData as AnswerValue })),
      photos: fields
        .filter((f) => f.photo)
        .map((f) => ({
          rowId: f.tempFieldResponseID,
          fieldID: f.FieldID,
          file: f.InputData as Blob,
          name: f.fileName ?? 'photo.jpg',
          index: f.photoIndex ?? f.tempFieldResponseID,
        })),
      responseIds: item.responseIds,
    };
  }

  async function removeItem(id: number) {
    await database.transaction('rw', [database.offlineFormResponses, database.offlineFieldResponses], async () => {
      await database.offlineFieldResponses.where('tempResponseID').equals(id).delete();
      await database.offlineFormResponses.delete(id);
    });
  }

  async function hasWaiting(userId: number): Promise<boolean> {
    return (await database.offlineFormResponses.where('SubmittedBy').equals(userId).filter((r) => (r as QueuedForm).state === 'pending').count()) > 0;
  }

  /**
   * THE submit of every form (box, several boxes, room, photos). Online, and with nothing older still
   * waiting, it is sent at once with a fresh Idempotency-Key; a refusal (4xx) rejects with the server's
   * message so the form can show it. Offline, on no answer or a 5xx it is stored (with the same key, so
   * a request that did reach the server is not applied twice) and `{ queued: true }` is answered.
   */
  async function submitFormResponse(submission: FormSubmission): Promise<SubmitOutcome> {
    const job = jobFrom(submission);
    const label = submission.label ?? null;
    if (browserOffline() || running || (await hasWaiting(job.submittedBy))) {
      const id = await store(job, label, 'pending', null, 0);
      if (!browserOffline()) void flush({ userId: job.submittedBy });
      return { queued: true, tempResponseID: id };
    }
    try {
      const res = await runJob(job, noHooks);
      return { queued: false, responseIds: res.ids, observationsCreated: res.observations };
    } catch (err) {
      if (isTransient(err)) {
        const id = await store(job, label, 'pending', toApiError(err).message, 1);
        return { queued: true, tempResponseID: id };
      }
      if (job.responseIds) {
        // The answers are in; a refused photo is kept, shown and retried like any failed item.
        const id = await store(job, label, 'failed', toApiError(err).message, 1);
        return { queued: true, tempResponseID: id };
      }
      throw toApiError(err);
    }
  }

  async function nextItem(after: number, userId: number | undefined): Promise<QueuedForm | undefined> {
    return (await database.offlineFormResponses
      .where('tempResponseID')
      .above(after)
      .filter((r) => (r as QueuedForm).state === 'pending' && (userId === undefined || r.SubmittedBy === userId))
      .first()) as QueuedForm | undefined;
  }

  async function countPending(userId: number | undefined): Promise<number> {
    return database.offlineFormResponses
      .filter((r) => (r as QueuedForm).state === 'pending' && (userId === undefined || r.SubmittedBy === userId))
      .count();
  }

  async function flushOnce(opts: FlushOptions): Promise<FlushResult> {
    const result: FlushResult = { sent: [], failed: [], remaining: 0, retryAt: null };
    let cursor = 0;
    for (;;) {
      const item = await nextItem(cursor, opts.userId);
      if (!item) break;
      if (!opts.force && item.nextAttemptAt > now()) {
        // Order is kept: nothing newer goes ahead of an item that is waiting out its backoff.
        result.retryAt = item.nextAttemptAt;
        break;
      }
      cursor = item.tempResponseID;
      const job = await jobOf(item);
      try {
        await runJob(job, {
          onResponses: async (ids) => {
            await database.offlineFormResponses.update(item.tempResponseID, { responseIds: ids } as Partial<QueuedForm>);
            await database.offlineFieldResponses
              .where('tempResponseID')
              .equals(item.tempResponseID)
              .filter((f) => !(f as QueuedField).photo)
              .delete();
          },
          onPhotoSent: async (photo) => {
            if (photo.rowId !== undefined) await database.offlineFieldResponses.delete(photo.rowId);
          },
        });
      } catch (err) {
        const message = toApiError(err).message || 'Failed to submit form.';
        const attempts = item.attempts + 1;
        if (isTransient(err)) {
          const retryAt = now() + backoffDelay(attempts);
          await database.offlineFormResponses.update(item.tempResponseID, { attempts, lastError: message, nextAttemptAt: retryAt } as Partial<QueuedForm>);
          result.retryAt = retryAt;
          break;
        }
        const failed = { ...item, attempts, lastError: message, state: 'failed' as const };
        await database.offlineFormResponses.update(item.tempResponseID, { attempts, lastError: message, state: 'failed' } as Partial<QueuedForm>);
        result.failed.push({ item: failed, message });
        continue;
      }
      await removeItem(item.tempResponseID);
      result.sent.push(item);
    }
    result.remaining = await countPending(opts.userId);
    return result;
  }

  // One sender per tab (the promise chain) and per browser (the Web Lock around each run).
  let running = false;
  let tail: Promise<unknown> = Promise.resolve();
  let followUp: Promise<FlushResult> | null = null;
  let followUpOpts: FlushOptions = {};

  function locked(run: () => Promise<FlushResult>): Promise<FlushResult> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(lockName, () => run()).then((r) => r) : run();
  }

  /**
   * Sends the waiting items, oldest first, each with its own key. Calls made while a flush runs share
   * one follow-up run (which picks up anything queued meanwhile) instead of starting another sender.
   * `force` (the "Send now" button) ignores the backoff; `userId` sends only that user's items.
   */
  function flush(opts: FlushOptions = {}): Promise<FlushResult> {
    if (followUp) {
      followUpOpts = { ...followUpOpts, force: followUpOpts.force || opts.force };
      return followUp;
    }
    followUpOpts = { ...opts };
    const job = tail.then(async () => {
      followUp = null;
      running = true;
      try {
        return await locked(() => flushOnce(followUpOpts));
      } finally {
        running = false;
      }
    });
    followUp = job;
    tail = job.catch(() => undefined);
    return job;
  }

  /** Puts a failed item back in line and tries it now. */
  async function retry(tempResponseID: number, userId?: number): Promise<FlushResult> {
    await database.offlineFormResponses.update(tempResponseID, { state: 'pending', nextAttemptAt: 0 } as Partial<QueuedForm>);
    return flush({ userId, force: true });
  }

  /** Removes an item and its answers and photos for good (the caller confirms first). */
  async function discard(tempResponseID: number): Promise<void> {
    await removeItem(tempResponseID);
  }

  async function list(userId?: number): Promise<QueueEntry[]> {
    const items = (await database.offlineFormResponses.orderBy('tempResponseID').toArray()) as QueuedForm[];
    const mine = items.filter((i) => userId === undefined || i.SubmittedBy === userId);
    const fields = (await database.offlineFieldResponses.where('tempResponseID').anyOf(mine.map((i) => i.tempResponseID)).toArray()) as QueuedField[];
    return mine.map((item) => {
      const own = fields.filter((f) => f.tempResponseID === item.tempResponseID);
      return { item, answers: own.filter((f) => !f.photo).length, photos: own.filter((f) => f.photo).length };
    });
  }

  /** Live list of queued submissions (all users when `userId` is omitted). */
  function watch(onChange: (entries: QueueEntry[]) => void, userId?: number): () => void {
    const sub = liveQuery(() => list(userId)).subscribe({
      next: onChange,
      error: (err: unknown) => console.warn('Could not read the form queue', err),
    });
    return () => sub.unsubscribe();
  }

  return { submitFormResponse, flush, retry, discard, list, watch, isRunning: () => running };
}

export interface FlushOptions {
  userId?: number;
  force?: boolean;
}

export type FormQueue = ReturnType<typeof createFormQueue>;

let defaultQueue: FormQueue | null = null;

/** The app's queue (the local database, the signed-in axios, the shared Web Lock). */
export function formQueue(): FormQueue {
  return (defaultQueue ??= createFormQueue());
}

/** Every form submit of the app goes through here; see `createFormQueue`. */
export function submitFormResponse(submission: FormSubmission): Promise<SubmitOutcome> {
  return formQueue().submitFormResponse(submission);
}

