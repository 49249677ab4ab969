import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { TrayBatchChange, TrayPlantCount, Tray, TrayName, TrayTemplate } from './trays.schemas.js';
import { traysMessages as msg } from './trays.messages.js';

// Trays are made and changed on the floor by every role; removing a template (which others plan with) is for admins.
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;
const Description = z.string().trim().max(2000, { error: 'must be at most 2000 characters' });

export const traysEndpoints = {
  getTrayTemplates: defineEndpoint({
    id: 'getTrayTemplates', domain: 'trays', method: 'GET', path: '/get_tray_templates',
    summary: "The company's tray templates by name, each with its default batch's number",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ templates: z.array(TrayTemplate) }),
    clientMessages: { failure: msg.fetchTemplatesFailed },
  }),
  createTrayTemplate: defineEndpoint({
    id: 'createTrayTemplate', domain: 'trays', method: 'POST', path: '/create_tray_template',
    summary: 'A tray template: a name, a plant count greater than 0, an optional description and default batch',
    ...anyone, tenancy: { company: ['company_id'], user: ['user_id'], resource: true },
    either: z.object({
      template_name: TrayName,
      company_id: CompanyId,
      user_id: Id,
      number_of_plants: TrayPlantCount,
      description: absentIfBlank(Description),
      default_batch_id: absentIfBlank(Id),
    }),
    response: success({ message: z.string(), template: TrayTemplate }),
    clientMessages: { failure: msg.createTemplateFailed },
  }),
  deleteTrayTemplate: defineEndpoint({
    id: 'deleteTrayTemplate', domain: 'trays', method: 'DELETE', path: '/delete_tray_template',
    summary: 'Delete a tray template (Admin); trays made from it stay',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ template_id: Id, company_id: CompanyId }),
    response: success({ message: z.string(), template_id: z.number() }),
    clientMessages: { failure: msg.deleteTemplateFailed },
  }),
  useTrayTemplate: defineEndpoint({
    id: 'useTrayTemplate', domain: 'trays', method: 'POST', path: '/use_tray_template',
    summary: "Make a tray from a template: its plant count, and batch_id or else the template's default batch",
    ...anyone, tenancy: { company: ['company_id'], user: ['user_id'], resource: true },
    either: z.object({
      template_id: Id,
      company_id: CompanyId,
      user_id: Id,
      tray_name: TrayName,
      batch_id: absentIfBlank(Id),
    }),
    response: success({ message: z.string(), tray: Tray }),
    clientMessages: { failure: msg.useTemplateFailed },
  }),
  getAllTrays: defineEndpoint({
    id: 'getAllTrays', domain: 'trays', method: 'GET', path: '/get_all_trays',
    summary: "The company's trays by name, each with its batch's number",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ trays: z.array(Tray) }),
    clientMessages: { failure: msg.fetchTraysFailed },
  }),
  updateTray: defineEndpoint({
    id: 'updateTray', domain: 'trays', method: 'POST', path: '/update_tray',
    summary: 'Change only the fields sent: tray_name, number_of_plants (greater than 0), batch_id (null or blank takes the tray out of its batch)',
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({
      tray_id: Id,
      company_id: CompanyId,
      tray_name: absentIfBlank(TrayName),
      number_of_plants: absentIfBlank(TrayPlantCount),
      batch_id: TrayBatchChange,
    }),
    response: success({ message: z.string(), tray: Tray }),
    clientMessages: { failure: msg.updateTrayFailed },
  }),
  createTray: defineEndpoint({
    id: 'createTray', domain: 'trays', method: 'POST', path: '/create_tray',
    summary: 'A tray: a trimmed, non-empty name, a plant count greater than 0 and an optional batch',
    ...anyone, tenancy: { company: ['company_id'], user: ['user_id'], resource: true },
    either: z.object({
      tray_name: TrayName,
      company_id: CompanyId,
      user_id: Id,
      number_of_plants: TrayPlantCount,
      batch_id: absentIfBlank(Id),
    }),
    response: success({ message: z.string(), tray: Tray }),
    clientMessages: { failure: msg.createTrayFailed },
  }),
  deleteTray: defineEndpoint({
    id: 'deleteTray', domain: 'trays', method: 'POST', path: '/delete_tray',
    summary: 'Delete a tray',
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ tray_id: Id, company_id: CompanyId }),
    response: success({ message: z.string(), tray_id: z.number() }),
    clientMessages: { failure: msg.deleteTrayFailed },
  }),
};
