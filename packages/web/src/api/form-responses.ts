import type { HttpClient } from './http-client';
import { formResponsesEndpoints as ep } from '@verdant/contract';
import { toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { isNetworkError } from '../offline/network';
import type { FormSubmission, Job, JobHooks, SubmitOutcome } from '../offline/form-queue-store';
import { createFormQueue as createQueue, type FormQueue, type FormQueueParts, type FormTransport } from '../offline/form-queue-schedule';

/**
 * Sending a filled-in form: POST /submit_form (one box), /submit_form_boxes, /submit_form_room and
 * /submit_form_image, each with the job's Idempotency-Key. The queue that decides when this runs, and
 * keeps what could not be sent, is in src/offline (form-queue-schedule.ts, form-queue-store.ts).
 */

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

/** The photo as a File, so its part carries the photo's name (a bare Blob travels as "blob"). */
function named(file: Blob, name: string): Blob {
  return typeof File !== 'undefined' && !(file instanceof File) ? new File([file], name, { type: file.type }) : file;
}

async function sendResponses(job: Job, http: HttpClient): Promise<{ ids: number[]; observations: number }> {
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

async function sendPhoto(job: Job, photo: Job['photos'][number], responseId: number | undefined, http: HttpClient) {
  const place = job.place;
  const res = await callEndpoint(
    ep.submitFormImage,
    {
      image: named(photo.file, photo.name),
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
 * The transport of the form queue over HTTP. `client` is the app's signed-in HTTP client by default (loaded
 * lazily so Node scripts can pass their own).
 */
export function formTransport(client?: HttpClient): FormTransport {
  let clientPromise: Promise<HttpClient> | null = client ? Promise.resolve(client) : null;
  const http = () => (clientPromise ??= import('./http').then((m) => m.httpPrivate));
  return {
    /**
     * Sends what a job still lacks: the answers first (unless already sent), then each photo attached to
     * every response it made. Progress is reported through the hooks so a retry resumes, never repeats.
     */
    async run(job: Job, hooks: JobHooks) {
      const signedIn = await http();
      let observations = 0;
      // Answers go first; a submission without photos is sent even when empty, so the server's refusal
      // shows in the list instead of the item vanishing unsent.
      if (!job.responseIds && (job.answers.length > 0 || job.photos.length === 0)) {
        const res = await sendResponses(job, signedIn);
        job.responseIds = res.ids;
        observations = res.observations;
        await hooks.onResponses(res.ids);
      }
      for (const photo of [...job.photos]) {
        if (!job.responseIds) {
          // A photo-only submission: the first photo makes the response, the others join it.
          const id = await sendPhoto(job, photo, undefined, signedIn);
          job.responseIds = [id];
          await hooks.onResponses(job.responseIds);
        } else {
          for (const id of job.responseIds) await sendPhoto(job, photo, id, signedIn);
        }
        job.photos = job.photos.filter((p) => p !== photo);
        await hooks.onPhotoSent(photo);
      }
      return { ids: job.responseIds ?? [], observations };
    },
    isTransient,
    toError: toApiError,
  };
}

export interface FormQueueOptions extends Omit<FormQueueParts, 'transport'> {
  /** The HTTP client; the app's signed-in HTTP client by default. */
  client?: HttpClient;
}

/** A form queue sending over HTTP (the app's, or a test's with its own database, client and lock). */
export function createFormQueue({ client, ...parts }: FormQueueOptions = {}): FormQueue {
  return createQueue({ ...parts, transport: formTransport(client) });
}

let defaultQueue: FormQueue | null = null;

/** The app's queue (the local database, the signed-in HTTP client, the shared Web Lock). */
export function formQueue(): FormQueue {
  return (defaultQueue ??= createFormQueue());
}

/** Every form submit of the app goes through here (through `useSubmitForm` in screens); see `createFormQueue`. */
export function submitFormResponse(submission: FormSubmission): Promise<SubmitOutcome> {
  return formQueue().submitFormResponse(submission);
}

export type { FlushResult, FormSubmission, QueueEntry, QueuedForm, SubmissionPlace, SubmitOutcome } from '../offline/form-queue-store';
export type { FormQueue } from '../offline/form-queue-schedule';
