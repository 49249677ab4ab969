import type { FastifyInstance } from 'fastify';
import { healthModule } from './health/index.js';

/** Every API module, registered under /api in this order. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [healthModule];
