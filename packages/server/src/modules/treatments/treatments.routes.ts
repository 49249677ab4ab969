import type { treatmentsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './treatments.service.js';
import { linkProductToBoxes } from './applications.service.js';
import { deleteSideEffect, listSideEffects, saveSideEffect } from './side-effects.service.js';

export const treatmentsHandlers: Handlers<typeof treatmentsEndpoints> = {
  linkTreatmentProductsGridboxes: ({ app, user, input }) => linkProductToBoxes(app, user, input),
  getBeneficialSideEffects: ({ app, user, input }) => listSideEffects(app, user, input),
  saveBeneficialSideEffect: ({ app, user, input }) => saveSideEffect(app, user, input),
  deleteBeneficialSideEffect: ({ app, user, input }) => deleteSideEffect(app, user, input),
  createTreatment: ({ app, user, input }) => service.createTreatment(app, user, input),
  getTreatment: ({ app, user, input }) => service.listLive(app, user, input),
  getAllTreatment: ({ app, user }) => service.listAll(app, user),
  updateTreatment: ({ app, user, input }) => service.updateTreatment(app, user, input),
  deleteTreatment: ({ app, user, input }) => service.toggleDeleted(app, user, input),
};
