import type { FastifyInstance } from 'fastify';
import { formTemplatesEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { formTemplatesHandlers } from './form-templates.routes.js';

export async function formTemplatesModule(app: FastifyInstance) {
  registerEndpoints(app, formTemplatesEndpoints, formTemplatesHandlers);
}

/** For other modules (submissions, hide-until links): read templates and apply hide-until rules. */
export {
  loadTemplateForSubmission,
  defaultTemplateId,
  findLiveFields,
  type FieldRef,
  type SubmissionField,
  type SubmissionTemplate,
} from './submission-template.js';
export { visibleFields, missingRequiredFields, answerMatches, wouldCycle, type HideUntilRule, type Answers } from '@verdant/contract';
export { createBuiltInTemplates, addHideUntilRule, changeHideUntilRule, removeHideUntilRule } from './form-templates.service.js';
