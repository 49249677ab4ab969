import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { Limit } from '../common/pagination.js';
import { absentIfBlank } from '../common/list-field.js';
import { ProductName } from '../spray_products/spray-products.schemas.js';
import {
  ApplicationDate, GridBoxIds, NewTreatmentData, QuantityUsed, Treatment, TreatmentApplication, TreatmentChanges, TreatmentTypeOrDefault,
} from './treatments.schemas.js';
import { treatmentsMessages as msg } from './treatments.messages.js';
import { ApplicationRegisterDetails, ApplicationRegisterFields, SideEffect, SideEffectInput } from './application-register.schemas.js';

// Growers apply treatments on the floor; the company's treatment plan (which product, which type) is for admins.
const admins = { auth: { kind: 'user', roles: ADMIN_ROLES } } as const;
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const treatmentsEndpoints = {
  linkTreatmentProductsGridboxes: defineEndpoint({
    id: 'linkTreatmentProductsGridboxes', domain: 'treatments', method: 'POST', path: '/link_treatment_products_gridboxes',
    summary:
      'Record that a product was applied to grid boxes on a date, with the quantity used; answers the re-entry and pre-harvest ends. ' +
      'Optional register fields (issue 22): start and end, equipment, crop (EPPO) and BBCH stage, area, tank mix, water volume, weather, releases of beneficials, target problems',
    ...anyone, tenancy: { resource: true },
    body: {
      kind: 'multipart',
      schema: z
        .object({ ApplicationDate, ProductName, QuantityUsed, Grid_boxIDs: GridBoxIds, ...ApplicationRegisterFields })
        .superRefine((v, ctx) => {
          if (v.StartTime && v.EndTime && Date.parse(v.EndTime) < Date.parse(v.StartTime)) {
            ctx.addIssue({ code: 'custom', path: ['EndTime'], message: msg.endBeforeStart });
          }
          if (v.Dose !== undefined && v.DoseUnit === undefined) ctx.addIssue({ code: 'custom', path: ['DoseUnit'], message: msg.doseUnitRequired });
        }),
    },
    response: success({ message: z.string(), application: TreatmentApplication, register: ApplicationRegisterDetails }),
    clientMessages: { failure: msg.linkFailed },
  }),
  getBeneficialSideEffects: defineEndpoint({
    id: 'getBeneficialSideEffects', domain: 'treatments', method: 'GET', path: '/get_beneficial_side_effects',
    summary: "Verdant extension (issue 22): the company's side-effect table, product × beneficial (harmful / moderately harmful / harmless, days of persistence)",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId, limit: Limit(500, 2000) }),
    response: success({ side_effects: z.array(SideEffect) }),
  }),
  saveBeneficialSideEffect: defineEndpoint({
    id: 'saveBeneficialSideEffect', domain: 'treatments', method: 'POST', path: '/save_beneficial_side_effect',
    summary: 'Verdant extension (issue 22): set what a product does to a beneficial species (one row per product and species, case-blind)',
    ...admins, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: SideEffectInput },
    response: success({ message: z.string(), side_effect: SideEffect }),
  }),
  deleteBeneficialSideEffect: defineEndpoint({
    id: 'deleteBeneficialSideEffect', domain: 'treatments', method: 'DELETE', path: '/delete_beneficial_side_effect',
    summary: 'Verdant extension (issue 22): remove a row of the side-effect table',
    ...admins, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, side_effect_id: Id }),
    response: success({ message: z.string() }),
  }),
  createTreatment: defineEndpoint({
    id: 'createTreatment', domain: 'treatments', method: 'POST', path: '/create_treatment',
    summary: 'A treatment: a type (biological by default) for one of the company\'s products, with an optional sub-type and notes in data',
    ...admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ treatment_type: TreatmentTypeOrDefault, data: NewTreatmentData, company_id: absentIfBlank(CompanyId) }),
    response: success({ message: z.string(), treatment: Treatment }),
    clientMessages: { failure: msg.createFailed },
  }),
  getTreatment: defineEndpoint({
    id: 'getTreatment', domain: 'treatments', method: 'GET', path: '/get_treatment',
    summary: 'The live treatments of a type (biological by default), optionally of one product',
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ treatment_type: TreatmentTypeOrDefault, company_id: CompanyId, product_id: absentIfBlank(Id) }),
    response: success({ treatments: z.array(Treatment) }),
    clientMessages: { failure: msg.fetchFailed },
  }),
  getAllTreatment: defineEndpoint({
    id: 'getAllTreatment', domain: 'treatments', method: 'GET', path: '/get_all_treatment',
    summary: "Every treatment of the company, deleted ones included (is_deleted) so they can be restored",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ treatments: z.array(Treatment) }),
    clientMessages: { failure: msg.fetchAllFailed },
  }),
  updateTreatment: defineEndpoint({
    id: 'updateTreatment', domain: 'treatments', method: 'PUT', path: '/update_treatment',
    summary: "Change a treatment's sub-type or notes; the treatment is the product's of the given type",
    ...admins, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, product_id: Id }),
    body: { kind: 'json', schema: z.object({ treatment_type: TreatmentTypeOrDefault, data: TreatmentChanges }) },
    response: success({ message: z.string(), treatment: Treatment }),
    clientMessages: { failure: msg.updateFailed },
  }),
  deleteTreatment: defineEndpoint({
    id: 'deleteTreatment', domain: 'treatments', method: 'PATCH', path: '/delete_treatment',
    summary: 'Toggle a treatment deleted or back (spec-2 §4); answers its new state',
    ...admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ treatment_type: TreatmentTypeOrDefault, company_id: CompanyId, product_id: Id }),
    response: success({ message: z.string(), treatment: Treatment }),
    clientMessages: { failure: msg.toggleDeleteFailed },
  }),
};
