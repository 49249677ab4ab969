import { liveQuery } from 'dexie';
import type { OfflineDatabase, OfflineFieldResponseRow, OfflineFormResponseRow } from './db';

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
  /**
   * Epoch ms the user discarded it: out of the queue and every list, its answers and photos kept for a day
   * so it can be restored, then deleted (`pruneDiscardedForms`). Absent or null on a queued one.
   */
  discardedAt?: number | null;
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

/** A queued submission's photos still on this device (see `waitingPhotos`). */
export interface WaitingPhotos {
  item: QueuedForm;
  photos: Array<{ rowId: number; fieldID: number; file: Blob }>;
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

/** A job in memory: what one submission still has to send. */
export interface Job {
  key: string;
  place: SubmissionPlace;
  submittedBy: number;
  submittedAt: string;
  templateID: number | null;
  answers: FormAnswer[];
  photos: Array<{ rowId?: number; fieldID: number; file: Blob; name: string; index: number }>;
  responseIds: number[] | null;
}

export interface JobHooks {
  onResponses(ids: number[]): Promise<void>;
  onPhotoSent(photo: Job['photos'][number]): Promise<void>;
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

function extensionOf(type: string): string {
  const sub = type.split('/')[1]?.split(/[;+]/)[0];
  return sub === 'jpeg' ? 'jpg' : sub || 'jpg';
}

/** Waiting to be sent: pending and not discarded. */
function queued(f: QueuedForm): boolean {
  return f.state === 'pending' && !f.discardedAt;
}

/** A new job (with a fresh Idempotency-Key) from what the form handed in. */
export function jobFrom(submission: FormSubmission, now: () => number): Job {
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


/**
 * The queue's storage: the two offline tables (offlineFormResponses, offlineFieldResponses) and the
 * reads and writes the scheduler makes on them. Nothing here sends anything.
 */
export function createFormStore(database: OfflineDatabase, now: () => number) {
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

  /** Progress of a stored item: its answers reached the server (they are not kept any longer). */
  async function markResponses(tempResponseID: number, ids: number[]) {
    await database.offlineFormResponses.update(tempResponseID, { responseIds: ids } as Partial<QueuedForm>);
    await database.offlineFieldResponses
      .where('tempResponseID')
      .equals(tempResponseID)
      .filter((f) => !(f as QueuedField).photo)
      .delete();
  }

  /** Progress of a stored item: one of its photos reached the server. */
  async function markPhotoSent(photo: Job['photos'][number]) {
    if (photo.rowId !== undefined) await database.offlineFieldResponses.delete(photo.rowId);
  }

  async function update(tempResponseID: number, changes: Partial<QueuedForm>) {
    await database.offlineFormResponses.update(tempResponseID, changes);
  }

  async function removeItem(id: number) {
    await database.transaction('rw', [database.offlineFormResponses, database.offlineFieldResponses], async () => {
      await database.offlineFieldResponses.where('tempResponseID').equals(id).delete();
      await database.offlineFormResponses.delete(id);
    });
  }

  /** Discarded: out of the queue and the lists, its answers and photos kept for a day (restorable). */
  async function discardItem(id: number): Promise<QueuedForm | undefined> {
    const item = (await database.offlineFormResponses.get(id)) as QueuedForm | undefined;
    if (item && !item.discardedAt) await update(id, { discardedAt: now() });
    return item;
  }

  /**
   * A discarded submission back at the end of the queue, pending, with its same Idempotency-Key, answers and
   * photos (and any progress: answers already on the server are not sent again). Undefined when it is not
   * (or no longer) kept as discarded — restored already, by another tab too, or pruned after a day.
   */
  async function restoreItem(id: number): Promise<QueuedForm | undefined> {
    return database.transaction('rw', [database.offlineFormResponses, database.offlineFieldResponses], async () => {
      const item = (await database.offlineFormResponses.get(id)) as QueuedForm | undefined;
      if (!item?.discardedAt) return undefined;
      const job = await jobOf(item);
      const back = await store(job, item.label, 'pending', null, 0);
      await removeItem(id);
      return (await database.offlineFormResponses.get(back)) as QueuedForm;
    });
  }

  async function hasWaiting(userId: number): Promise<boolean> {
    return (await database.offlineFormResponses.where('SubmittedBy').equals(userId).filter((r) => queued(r as QueuedForm)).count()) > 0;
  }

  async function nextItem(after: number, userId: number | undefined): Promise<QueuedForm | undefined> {
    return (await database.offlineFormResponses
      .where('tempResponseID')
      .above(after)
      .filter((r) => queued(r as QueuedForm) && (userId === undefined || r.SubmittedBy === userId))
      .first()) as QueuedForm | undefined;
  }

  async function countPending(userId: number | undefined): Promise<number> {
    return database.offlineFormResponses
      .filter((r) => queued(r as QueuedForm) && (userId === undefined || r.SubmittedBy === userId))
      .count();
  }

  async function list(userId?: number): Promise<QueueEntry[]> {
    const items = (await database.offlineFormResponses.orderBy('tempResponseID').toArray()) as QueuedForm[];
    const mine = items.filter((i) => !i.discardedAt && (userId === undefined || i.SubmittedBy === userId));
    const fields = (await database.offlineFieldResponses.where('tempResponseID').anyOf(mine.map((i) => i.tempResponseID)).toArray()) as QueuedField[];
    return mine.map((item) => {
      const own = fields.filter((f) => f.tempResponseID === item.tempResponseID);
      return { item, answers: own.filter((f) => !f.photo).length, photos: own.filter((f) => f.photo).length };
    });
  }

  /**
   * The photos of queued submissions still on this device (the user's, oldest first), each with its
   * submission: what screens show as "Waiting to upload" until the server's copy replaces them.
   */
  async function waitingPhotos(userId: number): Promise<WaitingPhotos[]> {
    const items = ((await database.offlineFormResponses.orderBy('tempResponseID').toArray()) as QueuedForm[]).filter((i) => i.SubmittedBy === userId && !i.discardedAt);
    const fields = (await database.offlineFieldResponses
      .where('tempResponseID')
      .anyOf(items.map((i) => i.tempResponseID))
      .filter((f) => Boolean((f as QueuedField).photo))
      .toArray()) as QueuedField[];
    return items
      .map((item) => ({
        item,
        photos: fields
          .filter((f) => f.tempResponseID === item.tempResponseID)
          .map((f) => ({ rowId: f.tempFieldResponseID, fieldID: f.FieldID, file: f.InputData as Blob })),
      }))
      .filter((w) => w.photos.length > 0);
  }

  /** Live `waitingPhotos`: called again whenever the queue changes (a photo uploaded, an item sent). */
  function watchWaitingPhotos(onChange: (entries: WaitingPhotos[]) => void, userId: number): () => void {
    const sub = liveQuery(() => waitingPhotos(userId)).subscribe({
      next: onChange,
      error: (err: unknown) => console.warn('Could not read the queued photos', err),
    });
    return () => sub.unsubscribe();
  }

  /** Live list of queued submissions (all users when `userId` is omitted). */
  function watch(onChange: (entries: QueueEntry[]) => void, userId?: number): () => void {
    const sub = liveQuery(() => list(userId)).subscribe({
      next: onChange,
      error: (err: unknown) => console.warn('Could not read the form queue', err),
    });
    return () => sub.unsubscribe();
  }

  return { store, jobOf, markResponses, markPhotoSent, update, removeItem, discardItem, restoreItem, hasWaiting, nextItem, countPending, list, watch, waitingPhotos, watchWaitingPhotos };
}

export type FormStore = ReturnType<typeof createFormStore>;

/**
 * Deletes the submissions discarded before `before` with their answers and photos (run by the outbox
 * history's prune, offline/outbox-history.ts): a discarded form's photos stay on the device one day only.
 */
export async function pruneDiscardedForms(database: OfflineDatabase, before: number): Promise<number> {
  return database.transaction('rw', [database.offlineFormResponses, database.offlineFieldResponses], async () => {
    const gone = ((await database.offlineFormResponses.toArray()) as QueuedForm[])
      .filter((f) => Boolean(f.discardedAt) && f.discardedAt! < before)
      .map((f) => f.tempResponseID);
    if (!gone.length) return 0;
    await database.offlineFieldResponses.where('tempResponseID').anyOf(gone).delete();
    await database.offlineFormResponses.bulkDelete(gone);
    return gone.length;
  });
}
