import type { FastifyInstance } from 'fastify';
import { plantsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { plantsHandlers } from './plants.routes.js';

export { createPlants, plantsOfBatch, plantsOfBatches, getCompanyBatch, getPlantById, lockBatchForChange, getPlantByUid, type BatchRef, type PlantRef } from './plants.service.js';

export async function plantsModule(app: FastifyInstance) {
  registerEndpoints(app, plantsEndpoints, plantsHandlers);
}
