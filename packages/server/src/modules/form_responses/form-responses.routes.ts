import type { formResponsesEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as submissions from './form-responses.service.js';
import * as reads from './form-responses.reads.js';

export const formResponsesHandlers: Handlers<typeof formResponsesEndpoints> = {
  submitForm: ({ app, user, input }) => submissions.submitForm(app, user, input),
  submitFormBoxes: ({ app, user, input }) => submissions.submitFormBoxes(app, user, input),
  submitFormRoom: ({ app, user, input }) => submissions.submitFormRoom(app, user, input),
  submitFormImage: ({ app, user, input }) => submissions.submitFormImage(app, user, input),
  getResponsesForGrid2: ({ app, user, input }) => reads.responsesForGrid(app, user, input),
  getFieldResponsesByGridbox: ({ app, user, input }) => reads.responsesForBox(app, user, input),
  getFieldResponsesByGridboxDateForms: ({ app, user, input }) => reads.responsesForBoxInDays(app, user, input),
  getFieldResponses: ({ app, user, input }) => reads.fieldResponses(app, user, input.response_id),
};
