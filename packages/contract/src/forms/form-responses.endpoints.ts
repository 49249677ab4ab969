import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { FileField, Id } from '../common/fields.js';
import { Limit, Offset } from '../common/pagination.js';
import {
  DateRange,
  FieldResponse,
  FieldResponses,
  FormResponse,
  formResponsesMessages,
  GridBoxIDList,
  SubmittedAt,
} from './form-responses.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
/** Submissions: the submitter must be a user of the caller's company; every other id is checked by the service. */
const submitTenancy = { user: ['submittedBy'], resource: true } as const;

/** Where a single-box submission happens. The template is the one its fields belong to (`templateID` only double-checks). */
const Place = {
  GridBoxID: Id.optional(),
  GridBoxIDs: GridBoxIDList.optional(),
  Sub_gridboxID: Id.optional(),
};
const Common = {
  submittedBy: Id,
  fieldResponses: FieldResponses,
  templateID: Id.optional(),
  submittedAt: SubmittedAt.optional(),
};

const Submitted = success({ message: z.string(), response_id: z.number(), TemplateID: z.number(), observations_created: z.number() });

export const formResponsesEndpoints = {
  submitForm: defineEndpoint({
    id: 'submitForm', domain: 'forms', method: 'POST', path: '/submit_form',
    summary: 'Submit a form for one grid box (or a sub-box, or no place); problem answers become observations',
    auth: anyone, tenancy: submitTenancy,
    either: z.object({ ...Common, ...Place }),
    response: Submitted,
    clientMessages: { failure: formResponsesMessages.submitFailed },
  }),
  submitFormBoxes: defineEndpoint({
    id: 'submitFormBoxes', domain: 'forms', method: 'POST', path: '/submit_form_boxes',
    summary: 'Submit the same answers for several grid boxes at once: one response per box (multi-select)',
    auth: anyone, tenancy: submitTenancy,
    either: z.object({ ...Common, GridBoxIDs: GridBoxIDList }),
    response: success({
      message: z.string(),
      TemplateID: z.number(),
      response_ids: z.array(z.number()),
      responses: z.array(z.object({ GridBoxID: z.number(), response_id: z.number() })),
      observations_created: z.number(),
    }),
  }),
  submitFormRoom: defineEndpoint({
    id: 'submitFormRoom', domain: 'forms', method: 'POST', path: '/submit_form_room',
    summary: 'Submit a form for a whole room',
    auth: anyone, tenancy: submitTenancy,
    either: z.object({ ...Common, roomID: Id }),
    response: Submitted,
  }),
  submitFormImage: defineEndpoint({
    id: 'submitFormImage', domain: 'forms', method: 'POST', path: '/submit_form_image',
    summary:
      "A photo for a form's photo field: attached to `response_id` when given, otherwise a new response of the field's template",
    auth: anyone, tenancy: submitTenancy,
    body: {
      kind: 'multipart',
      schema: z.object({
        image: FileField,
        fieldID: Id,
        response_id: Id.optional(),
        submittedBy: Id.optional(),
        submittedAt: SubmittedAt.optional(),
        GridBoxID: Id.optional(),
        Sub_gridboxID: Id.optional(),
      }),
    },
    response: success({
      message: z.string(),
      response_id: z.number(),
      field_response_id: z.number(),
      image_url: z.string(),
      thumb_url: z.string(),
    }),
    clientMessages: { failure: formResponsesMessages.imageFailed, noResponse: formResponsesMessages.noResponse },
  }),
  getResponsesForGrid2: defineEndpoint({
    id: 'getResponsesForGrid2', domain: 'forms', method: 'GET', path: '/get_responses_for_grid2',
    summary: "A grid's responses observed in a range of days: treatment forms apart from all others",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridID: Id, ...DateRange }),
    response: success({ GridID: z.number(), all_responses: z.array(FormResponse), treatment_responses: z.array(FormResponse) }),
  }),
  getFieldResponsesByGridbox: defineEndpoint({
    id: 'getFieldResponsesByGridbox', domain: 'forms', method: 'GET', path: '/get_field_responses_by_gridbox',
    summary: "A grid box's responses, newest first",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridBoxID: Id, limit: Limit(100), offset: Offset }),
    response: success({ GridBoxID: z.number(), total: z.number(), responses: z.array(FormResponse) }),
  }),
  getFieldResponsesByGridboxDateForms: defineEndpoint({
    id: 'getFieldResponsesByGridboxDateForms', domain: 'forms', method: 'GET', path: '/get_field_responses_by_gridbox_date/forms',
    summary: "A grid box's responses observed in a range of days, newest first",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridBoxID: Id, ...DateRange }),
    response: success({ GridBoxID: z.number(), responses: z.array(FormResponse) }),
  }),
  getFieldResponses: defineEndpoint({
    id: 'getFieldResponses', domain: 'forms', method: 'GET', path: '/get_field_responses',
    summary: 'The answers of one response',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ response_id: Id }),
    response: success({
      response_id: z.number(),
      fieldResponses: z.array(FieldResponse),
      response: FormResponse.omit({ fieldResponses: true }),
    }),
  }),
};
