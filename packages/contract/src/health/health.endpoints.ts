import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint.js';

export const healthEndpoints = {
  health: defineEndpoint({
    id: 'health',
    domain: 'health',
    method: 'GET',
    path: '/health',
    summary: 'Answers once the database is ready',
    auth: { kind: 'public' },
    tenancy: { none: true },
    response: z.object({ status: z.literal('success') }),
  }),
};
