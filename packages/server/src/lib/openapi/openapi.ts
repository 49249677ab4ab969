import { z } from 'zod';
import { SCOUTING_WRITES, apiTokenScopesFor, type EndpointConfig, type ObjectSchema } from '@verdant/contract';

type JsonSchema = Record<string, unknown>;

const toSchema = (s: z.ZodType): JsonSchema => {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
};

function parameters(schema: ObjectSchema | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const MEDIA: Record<string, string[]> = {
  json: ['application/json'],
  multipart: ['multipart/form-data'],
  form: ['application/x-www-form-urlencoded'],
  any: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
};

/**
 * A signed-in session's bearer, or a personal API token whose scope reaches the call (OpenAPI 3.1 lets a
 * non-OAuth scheme list the scopes it needs; the contract's apiTokenAllows decides them).
 */
function security(e: EndpointConfig) {
  if (e.auth.kind === 'public') return [];
  const scopes = tokenScopes(e);
  return scopes.length ? [{ bearer: [] }, { apiToken: scopes }] : [{ bearer: [] }];
}

/** The API token scopes that reach a call: none for public, refresh and session-only calls. */
const tokenScopes = (e: EndpointConfig) => (e.auth.kind === 'user' ? apiTokenScopesFor(e) : []);

/** What a `binary` answer is: its media type (the calendar feed's `text/calendar`), bytes by default. */
function binaryContent(e: EndpointConfig) {
  const type = e.responseType ?? 'application/octet-stream';
  const text = type.startsWith('text/');
  return { [type]: { schema: text ? { type: 'string' } : { type: 'string', format: 'binary' } } };
}

const API_TOKEN_DESCRIPTION = [
  'A personal API token (`vdt_…`, made on the profile page), sent as `Authorization: Bearer <token>`.',
  'Its scope limits what it may call, and its owner\'s role limits it besides:',
  '`read`: every GET; `scouting`: every GET and the scouting writes (' + SCOUTING_WRITES.join(', ') + ');',
  '`all`: everything the role allows. No token makes, lists or revokes tokens, reads the calendar feed\'s address or signs out.',
  'Each operation lists the scopes that reach it under `security` and in `x-api-token-scopes` (an empty list: no token).',
].join(' ');

/** The OpenAPI 3.1 document, generated from the contract: the same data the routes are built from. */
export function buildOpenApi(endpoints: EndpointConfig[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const bodySchema = e.body?.schema ?? e.either;
    const kind = e.body?.kind ?? 'any';
    const op = {
      operationId: e.id,
      tags: [e.domain],
      summary: e.summary,
      security: security(e),
      // Every operation states its token scopes, an empty list included: the apiToken entry of `security` lists
      // the same, and is left out where no token reaches the call.
      'x-api-token-scopes': tokenScopes(e),
      'x-roles': e.auth.kind === 'user' ? e.auth.roles : e.auth.kind,
      'x-tenancy': e.tenancy,
      parameters: [...parameters(e.params, 'path'), ...parameters(e.query, 'query')],
      ...(bodySchema
        ? {
            requestBody: {
              content: Object.fromEntries((MEDIA[kind] ?? []).map((m) => [m, { schema: toSchema(bodySchema) }])),
            },
          }
        : {}),
      responses: {
        [String(e.status ?? 200)]: {
          description: 'Success',
          content:
            e.response === 'binary' ? binaryContent(e) : { 'application/json': { schema: toSchema(e.response) } },
        },
        default: { description: 'Error: {status:"error", message, error}' },
      },
    };
    const path = `/api${e.path}`;
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Verdant API', version: '1.0.0', description: 'Generated from packages/contract.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a signed-in session.' },
        apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'vdt_<company_id>_<token_id>_<secret>', description: API_TOKEN_DESCRIPTION },
      },
    },
    paths,
  };
}
