import type { FastifyInstance } from 'fastify';
import { treatmentsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { onProductDeleted } from '../spray_products/index.js';
import { treatmentsHandlers } from './treatments.routes.js';
import { switchOffProductTreatments } from './treatments.service.js';

export async function treatmentsModule(app: FastifyInstance) {
  registerEndpoints(app, treatmentsEndpoints, treatmentsHandlers);
  // Treatments own their table: a deleted product's are switched off here, in the delete's transaction.
  onProductDeleted(switchOffProductTreatments);
}
