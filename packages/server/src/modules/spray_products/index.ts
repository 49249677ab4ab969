import type { FastifyInstance } from 'fastify';
import { sprayProductsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { sprayProductsHandlers } from './spray-products.routes.js';

export async function sprayProductsModule(app: FastifyInstance) {
  registerEndpoints(app, sprayProductsEndpoints, sprayProductsHandlers);
}

export { findProduct, findProductByName, lockProduct } from './spray-products.repository.js';
export { onProductDeleted } from './spray-products.service.js';
