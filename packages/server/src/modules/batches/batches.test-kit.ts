import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;

/** A multipart body as the web sends the batch form. */
export function batchForm(fields: Record<string, string | number | null>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v === null ? '' : String(v));
  return form;
}

export const formBody = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** Creates a batch through the endpoint and answers its wire shape. */
export async function postBatch(app: FastifyInstance, headers: Headers, companyId: number, fields: Record<string, string | number | null> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create_batch',
    headers,
    payload: batchForm({ BatchNumber: `B-${Math.random().toString(36).slice(2, 8)}`, company_id: companyId, ...fields }),
  });
  if (res.statusCode !== 200) throw new Error(`create_batch failed: ${res.body}`);
  return res.json().batch as { BatchID: number; BatchNumber: string; BatchStatus: string };
}
