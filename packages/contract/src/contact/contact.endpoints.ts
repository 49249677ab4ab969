import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint.js';
import { MessageEnvelope } from '../http/envelope.js';
import { Email, NonEmpty } from '../common/fields.js';

export const contactEndpoints = {
  contactUs: defineEndpoint({
    id: 'contactUs',
    domain: 'contact',
    method: 'POST',
    path: '/contact_us',
    summary: 'Store a message from the public contact form; not in the spec, see docs/decisions.md',
    auth: { kind: 'public' },
    tenancy: { none: true },
    body: {
      kind: 'any',
      schema: z.object({
        name: NonEmpty.max(200),
        email: Email,
        company: z.string().trim().max(200).optional(),
        message: NonEmpty.max(5000),
      }),
    },
    response: MessageEnvelope,
  }),
};
