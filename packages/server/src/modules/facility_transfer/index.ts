import type { FastifyInstance } from 'fastify';
import { facilityTransferEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { facilityTransferHandlers } from './facility-transfer.routes.js';

export async function facilityTransferModule(app: FastifyInstance) {
  registerEndpoints(app, facilityTransferEndpoints, facilityTransferHandlers);
}
