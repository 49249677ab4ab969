import {
  ADMIN_ROLES,
  formResponsesMessages as msg,
  OBSERVED_AT_MAX_AGE_DAYS,
  OBSERVED_AT_MAX_FUTURE_MS,
  type EndpointInput,
  type formResponsesEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { deleteFilesQuietly, imageUrl, processImage, storeImage } from '../../lib/images/images.js';
import { findLiveFields, loadTemplateForSubmission, type HideUntilRule, type SubmissionField } from '../form_templates/index.js';
import { recordFormObservations } from '../observations/observations.service.js';
import * as repo from './form-responses.repository.js';
import { checkAnswers, observedAt, severityOf, type AcceptedAnswer, type FormFieldDef, type HideLink } from './form-responses.rules.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { raiseNotificationEvent } from '../automations/index.js';

type Input<K extends keyof typeof formResponsesEndpoints> = EndpointInput<(typeof formResponsesEndpoints)[K]>;

/** What every submission of a filled-in form carries, wherever it is filed. */
export type SubmissionInput = Pick<Input<'submitForm'>, 'submittedBy' | 'fieldResponses' | 'templateID' | 'submittedAt'>;

export interface Prepared {
  templateId: number;
  submittedBy: number;
  observedAt: Date;
  answers: AcceptedAnswer[];
  severity: number | null;
}

export interface Place {
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  sub_gridbox_id: number | null;
  room_name: string | null;
}

/** A submission template's (active) field as the rules take it. */
export const fieldDefOf = (f: SubmissionField): FormFieldDef => ({
  field_id: f.fieldId,
  field_name: f.name,
  field_type: f.type,
  options: f.options,
  is_required: f.required,
  is_active: true,
});

const linkOf = (r: HideUntilRule): HideLink => ({ hidden_field_id: r.hiddenFieldId, linked_field_id: r.linkedFieldId, linked_input: r.linkedInput });

const NO_PLACE: Place = { room_id: null, grid_id: null, grid_box_id: null, sub_gridbox_id: null, room_name: null };

/**
 * Everything a submission is checked against, before anything is written: the submitter (from the
 * session: a Regular user's submission is theirs whoever `submittedBy` names; Admins may record a
 * colleague's paper sheet), the observed time, the template the fields belong to (one, live, the
 * company's), hide-until, required fields and types.
 */
export async function prepareSubmission(deps: Deps, caller: Caller, input: SubmissionInput, now = new Date()): Promise<Prepared> {
  const submittedBy = ADMIN_ROLES.includes(caller.user_role) ? input.submittedBy : caller.user_id;
  if (input.templateID !== undefined && !(await loadTemplateForSubmission(deps, caller.company_id, input.templateID))) {
    throw notFound('Form template');
  }
  const at = observedAt(input.submittedAt, now, OBSERVED_AT_MAX_FUTURE_MS, OBSERVED_AT_MAX_AGE_DAYS);
  if (!(at instanceof Date)) throw badRequest(at.message, at.field);

  const ids = [...new Set(input.fieldResponses.map((a) => a.fieldID))];
  const live = new Map((await repo.liveFieldsByIds(deps.db, caller.company_id, ids)).map((f) => [f.field_id, f.template_id]));
  for (const [i, a] of input.fieldResponses.entries()) {
    // 404 alike for a missing, retired or another company's field: the answer must not tell them apart.
    if (!live.has(a.fieldID)) throw new AppError('not_found', msg.unknownField(a.fieldID), `fieldResponses[${i}].fieldID`);
  }
  const templates = new Set(live.values());
  if (templates.size > 1) throw badRequest(msg.twoTemplates, 'fieldResponses');
  const templateId = [...templates][0]!;
  if (input.templateID !== undefined && input.templateID !== templateId) {
    throw badRequest(msg.templateMismatch(input.fieldResponses[0]!.fieldID, input.templateID), 'templateID');
  }
  const form = await loadTemplateForSubmission(deps, caller.company_id, templateId);
  if (!form || form.deletedAt) throw notFound('Form template');
  const checked = checkAnswers(form.fields.map(fieldDefOf), form.rules.map(linkOf), input.fieldResponses);
  if (!checked.ok) throw badRequest(checked.issue.message, checked.issue.field);
  return { templateId, submittedBy, observedAt: at, answers: checked.answers, severity: severityOf(checked.answers) };
}

/** A grid box (or a sub-box, which names its box) of the caller's company, with its grid and room. */
export async function boxPlace(deps: Deps, caller: Caller, boxId: number | undefined, subId: number | undefined): Promise<Place> {
  let gridBoxId = boxId;
  // The named box first: another company's box is a 404 whatever sub-box comes with it.
  if (boxId !== undefined && !(await repo.findGridBox(deps.db, caller.company_id, boxId))) throw notFound('Grid box');
  if (subId !== undefined) {
    const sub = await repo.findSubGridbox(deps.db, caller.company_id, subId);
    if (!sub) throw notFound('Sub-gridbox');
    if (gridBoxId !== undefined && sub.parent_gridbox_id !== gridBoxId) throw badRequest(msg.subBoxElsewhere, 'Sub_gridboxID');
    gridBoxId = sub.parent_gridbox_id;
  }
  if (gridBoxId === undefined) return NO_PLACE;
  const [box] = await repo.boxPlaces(deps.db, caller.company_id, [gridBoxId]);
  if (!box) throw notFound('Grid box');
  return { ...box, sub_gridbox_id: subId ?? null };
}

export interface Written {
  responseId: number;
  observationIds: number[];
  fieldResponseIds: Map<number, number>;
}

/** One response with its answers and the observations its problem answers make, inside `trx`. */
export async function recordSubmission(
  { db: trx }: TxDeps,
  caller: Caller,
  p: Prepared,
  place: Place,
  kind: repo.NewResponse['kind'],
  image?: { key: string; thumb: string },
): Promise<Written> {
  const { room_name: _room, ...where } = place;
  const { response_id } = await repo.insertResponse(trx, {
    company_id: caller.company_id,
    template_id: p.templateId,
    submitted_by: p.submittedBy,
    observed_at: p.observedAt,
    kind,
    ...where,
    image_key: image?.key ?? null,
    image_thumb: image?.thumb ?? null,
  });
  const made = await repo.insertFieldResponses(
    trx,
    caller.company_id,
    response_id,
    p.answers.map((a) => ({ field_id: a.field.field_id, input_data: a.inputData })),
  );
  const fieldResponseIds = new Map(made.map((m) => [m.field_id, m.field_response_id]));
  const observationIds = await recordFormObservations({ db: trx }, {
    companyId: caller.company_id,
    responseId: response_id,
    place: where,
    severity: p.severity,
    observedAt: p.observedAt,
    observedBy: p.submittedBy,
    answers: p.answers
      .filter((a) => a.field.field_type === 'problem')
      .map((a) => ({ field_response_id: fieldResponseIds.get(a.field.field_id)!, inputData: a.inputData })),
  });
  await raiseNotificationEvent(trx, {
    type: 'form_submitted', companyId: caller.company_id, actorId: caller.user_id, responseId: response_id, templateId: p.templateId,
    roomId: place.room_id, gridBoxId: place.grid_box_id, answers: p.answers.map((a) => ({ fieldId: a.field.field_id, text: a.inputData })),
  });
  return { responseId: response_id, observationIds, fieldResponseIds };
}

const auditSubmitted = ({ db: trx }: TxDeps, caller: Caller, p: Prepared, place: Place, kind: string, w: Written) =>
  writeAudit(trx, {
    companyId: caller.company_id,
    userId: caller.user_id,
    action: 'form.submitted',
    entityType: 'form_response',
    entityId: w.responseId,
    after: {
      TemplateID: p.templateId,
      kind,
      submittedBy: p.submittedBy,
      RoomID: place.room_id,
      GridID: place.grid_id,
      GridBoxID: place.grid_box_id,
      Sub_gridboxID: place.sub_gridbox_id,
      observed_at: p.observedAt.toISOString(),
      answers: p.answers.length,
      observation_ids: w.observationIds,
    },
  });

const submitted = (p: Prepared, w: Written) => ({
  status: 'success' as const,
  message: msg.submitted,
  response_id: w.responseId,
  TemplateID: p.templateId,
  observations_created: w.observationIds.length,
});

export async function submitForm(
  deps: Deps,
  caller: Caller,
  input: Input<'submitForm'>,
) {
  if (input.GridBoxID !== undefined && input.GridBoxIDs !== undefined) throw badRequest(msg.boxOrBoxes, 'GridBoxIDs');
  if (input.GridBoxIDs && input.GridBoxIDs.length > 1) throw badRequest(msg.oneBoxOnly, 'GridBoxIDs');
  const place = await boxPlace(deps, caller, input.GridBoxID ?? input.GridBoxIDs?.[0], input.Sub_gridboxID);
  const p = await prepareSubmission(deps, caller, input);
  return deps.db.transaction().execute(async (trx) => {
    const w = await recordSubmission({ db: trx }, caller, p, place, 'box');
    await auditSubmitted({ db: trx }, caller, p, place, 'box', w);
    return submitted(p, w);
  });
}

export async function submitFormRoom(deps: Deps, caller: Caller, input: Input<'submitFormRoom'>) {
  const room = await repo.findRoom(deps.db, caller.company_id, input.roomID);
  if (!room) throw notFound('Room');
  const place: Place = { ...NO_PLACE, room_id: room.room_id, room_name: room.name };
  const p = await prepareSubmission(deps, caller, input);
  return deps.db.transaction().execute(async (trx) => {
    const w = await recordSubmission({ db: trx }, caller, p, place, 'room');
    await auditSubmitted({ db: trx }, caller, p, place, 'room', w);
    return submitted(p, w);
  });
}

/**
 * The same answers for many boxes: one response per box, all or none. The spec's audit event
 * "Submitted MultiSelect Template in room {room}" is written once per room the boxes are in, with
 * CompanyID, UserID and RoomID set and BatchID null (the reading under which the trail stays usable).
 */
export async function submitFormBoxes(deps: Deps, caller: Caller, input: Input<'submitFormBoxes'>) {
  const boxIds = [...new Set(input.GridBoxIDs)];
  const places = new Map((await repo.boxPlaces(deps.db, caller.company_id, boxIds)).map((b) => [b.grid_box_id, b]));
  if (boxIds.some((id) => !places.has(id))) throw notFound('Grid box');
  const p = await prepareSubmission(deps, caller, input);
  return deps.db.transaction().execute(async (trx) => {
    const responses: Array<{ GridBoxID: number; response_id: number }> = [];
    const byRoom = new Map<number | null, { name: string | null; responseIds: number[]; boxIds: number[] }>();
    let observations = 0;
    for (const boxId of boxIds) {
      const box = places.get(boxId)!;
      const w = await recordSubmission({ db: trx }, caller, p, { ...box, sub_gridbox_id: null }, 'boxes');
      responses.push({ GridBoxID: boxId, response_id: w.responseId });
      observations += w.observationIds.length;
      const room = byRoom.get(box.room_id) ?? { name: box.room_name, responseIds: [], boxIds: [] };
      room.responseIds.push(w.responseId);
      room.boxIds.push(boxId);
      byRoom.set(box.room_id, room);
    }
    for (const [roomId, room] of byRoom) {
      const title = msg.multiselectTitle(room.name ?? 'without a room');
      await writeAudit(trx, {
        companyId: caller.company_id,
        userId: caller.user_id,
        action: 'form.multiselect_submitted',
        entityType: 'room',
        entityId: roomId,
        after: {
          EventTitle: title,
          CompanyID: caller.company_id,
          UserID: caller.user_id,
          RoomID: roomId,
          BatchID: null,
          TemplateID: p.templateId,
          response_ids: room.responseIds,
          GridBoxIDs: room.boxIds.map(String),
        },
      });
    }
    return {
      status: 'success' as const,
      message: msg.submittedBoxes(responses.length),
      TemplateID: p.templateId,
      response_ids: responses.map((r) => r.response_id),
      responses,
      observations_created: observations,
    };
  });
}

type ImageDeps = Deps<'files' | 'config' | 'log'>;

/**
 * A photo for a photo field. With `response_id` it becomes that response's answer to the field (and
 * the response's image if it has none); without, it is a new response of the field's template, checked
 * like any submission. The file is decoded and re-encoded first; if the rows fail, the files go.
 */
export async function submitFormImage(deps: ImageDeps, caller: Caller, input: Input<'submitFormImage'>) {
  const attachTo = input.response_id;
  let prepared: Prepared | undefined;
  let place = NO_PLACE;
  if (attachTo === undefined) {
    place = await boxPlace(deps, caller, input.GridBoxID, input.Sub_gridboxID);
    prepared = await prepareSubmission(deps, caller, {
      submittedBy: input.submittedBy ?? caller.user_id,
      submittedAt: input.submittedAt,
      fieldResponses: [{ fieldID: input.fieldID, inputData: 'image' }],
    });
    const answer = prepared.answers.find((a) => a.field.field_id === input.fieldID);
    if (!answer || answer.field.field_type !== 'photo') throw badRequest(msg.notPhotoField(answer?.field.field_name ?? `Field ${input.fieldID}`), 'fieldID');
  } else {
    // The response already has its place; a named box or sub-box is still never another company's.
    await boxPlace(deps, caller, input.GridBoxID, input.Sub_gridboxID);
    await checkAttachable(deps, caller, attachTo, input.fieldID);
  }
  const processed = await processImage(input.image, 'image', { maxBytes: deps.config.limits.fileBytes });
  const stored = await storeImage(deps.files, caller.company_id, 'form-responses', processed);
  const url = imageUrl(stored.imageKey);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      let responseId: number;
      let fieldResponseId: number;
      if (prepared) {
        const p = { ...prepared, answers: prepared.answers.map((a) => (a.field.field_id === input.fieldID ? { ...a, inputData: url } : a)) };
        const w = await recordSubmission({ db: trx }, caller, p, place, 'image', { key: stored.imageKey, thumb: stored.thumbKey });
        await auditSubmitted({ db: trx }, caller, p, place, 'image', w);
        responseId = w.responseId;
        fieldResponseId = w.fieldResponseIds.get(input.fieldID)!;
      } else {
        responseId = attachTo!;
        fieldResponseId = await attachImage({ db: trx }, caller, responseId, input.fieldID, url, stored);
      }
      return {
        status: 'success' as const,
        message: msg.imageSaved,
        response_id: responseId,
        field_response_id: fieldResponseId,
        image_url: url,
        thumb_url: imageUrl(stored.thumbKey),
      };
    });
  } catch (err) {
    await deleteFilesQuietly(deps.files, [stored.imageKey, stored.thumbKey], deps.log);
    throw err;
  }
}

async function checkAttachable(deps: Deps, caller: Caller, responseId: number, fieldId: number) {
  const response = await deps.db
    .selectFrom('form_responses')
    .select('template_id')
    .where('company_id', '=', caller.company_id)
    .where('response_id', '=', responseId)
    .executeTakeFirst();
  if (!response) throw notFound('Form response');
  // A field of the response's live template, retired or not: an old response's photo field still takes its photo.
  const [field] = await findLiveFields(deps, caller.company_id, [fieldId]);
  if (!field) throw new AppError('not_found', msg.fieldNotInResponse(fieldId), 'fieldID');
  if (field.templateId !== response.template_id) throw badRequest(msg.fieldNotInResponse(fieldId), 'fieldID');
  if (field.type !== 'photo') throw badRequest(msg.notPhotoField(field.name), 'fieldID');
}

async function attachImage(
  { db: trx }: TxDeps,
  caller: Caller,
  responseId: number,
  fieldId: number,
  url: string,
  stored: { imageKey: string; thumbKey: string },
): Promise<number> {
  const response = await repo.lockResponse(trx, caller.company_id, responseId);
  if (!response) throw notFound('Form response');
  const existing = await repo.findFieldAnswer(trx, responseId, fieldId);
  let fieldResponseId: number;
  if (existing) {
    await repo.setFieldAnswer(trx, existing.field_response_id, url);
    fieldResponseId = existing.field_response_id;
  } else {
    const [made] = await repo.insertFieldResponses(trx, caller.company_id, responseId, [{ field_id: fieldId, input_data: url }]);
    fieldResponseId = made!.field_response_id;
  }
  if (!response.image_key) await repo.setResponseImage(trx, responseId, stored.imageKey, stored.thumbKey);
  await writeAudit(trx, {
    companyId: caller.company_id,
    userId: caller.user_id,
    action: 'form.image_attached',
    entityType: 'form_response',
    entityId: responseId,
    before: existing ? { fieldID: fieldId, inputData: existing.input_data } : null,
    after: { fieldID: fieldId, inputData: url },
  });
  return fieldResponseId;
}
