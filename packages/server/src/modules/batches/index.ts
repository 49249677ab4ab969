import type { FastifyInstance } from 'fastify';
import { batchesEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { batchesHandlers } from './batches.routes.js';

export { moveBatchBetweenRooms } from './batch-links.service.js';
export { requireBatch, requireBatches, lockOwnBatch, isHarvested } from './batches.service.js';
export { batchesByRoom, roomsByBatch, historyByRoom } from './batch-links.service.js';
export { qrInfo } from './batch-qr.service.js';
export { batchDashboard } from './batch-dashboard.service.js';

export async function batchesModule(app: FastifyInstance) {
  registerEndpoints(app, batchesEndpoints, batchesHandlers);
}
