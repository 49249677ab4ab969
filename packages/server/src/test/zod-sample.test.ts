import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, type EndpointConfig } from '@verdant/contract';
import { sampleEndpoint } from './endpoint-request.js';
import { sampleObject, type SampleHints } from './zod-sample.js';

const hints: SampleHints = {
  valueFor: (key) => (/(^id$|_ids?$|I[Dd]s?$)/.test(key) ? 7 : undefined),
  includeOptional: (key) => /(^id$|_ids?$|I[Dd]s?$)/.test(key),
};

describe('sampleObject', () => {
  it('fills required fields with values their schemas accept and hinted optional ids', () => {
    const schema = z.object({
      company_id: z.coerce.number().int().positive(),
      email: z.string().trim().pipe(z.email()),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      kind: z.enum(['b', 'a']),
      tags: z.array(z.string().min(1)).min(1),
      note: z.string().optional(),
      batch_ids: z.array(z.number()).optional(),
    });
    const sample = sampleObject(schema, hints);
    expect(schema.safeParse(sample).success).toBe(true);
    expect(sample).toMatchObject({ company_id: 7, kind: 'b', batch_ids: [7] });
    expect(sample).not.toHaveProperty('note');
  });
});

describe('every contract endpoint', () => {
  // The tenancy walk relies on these samples passing validation, so a schema the generator cannot
  // satisfy is caught here with its name rather than as a puzzling 400 there.
  it.each(Object.values(endpoints).map((e) => [e.id, e as EndpointConfig] as const))('%s has a valid sample', (_id, e) => {
    const sample = sampleEndpoint(e, hints);
    for (const [part, schema] of [['params', e.params], ['query', e.query], ['body', e.body?.schema], ['either', e.either]] as const) {
      if (!schema) continue;
      const parsed = schema.safeParse(sample[part]);
      expect(parsed.success, `${part}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
