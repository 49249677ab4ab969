import { z } from 'zod';
import type { UploadedFile } from '../common/fields.js';

/** The staff roles: what an invitation or a role change may give. */
export const ROLES = ['SuperAdmin', 'Admin', 'Regular'] as const;
export type Role = (typeof ROLES)[number];
/**
 * Every role a signed-in user can have: the staff roles, and `Consultant`, an outside adviser who reads
 * chosen rooms. A consultant is never in an endpoint's `roles` (defineEndpoint refuses it); the endpoints
 * open to them are listed once in consultants/consultant-access.ts, so anything else denies them.
 */
export const USER_ROLES = [...ROLES, 'Consultant'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Typed over every role so a caller's role can be looked up in them; they hold staff roles only. */
export const ALL_ROLES: readonly UserRole[] = ROLES;
export const ADMIN_ROLES: readonly UserRole[] = ['SuperAdmin', 'Admin'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a body travels. `any` = the spec does not say: JSON, urlencoded and multipart are all accepted. */
export type BodyKind = 'json' | 'multipart' | 'form' | 'any';

export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * Who may call an endpoint. Deny by default: every endpoint must say it.
 * - public: no token (sign-in, sign-up, reset, health).
 * - refresh: the refresh token as bearer (only /refresh_token).
 * - user: an access token whose role is in `roles`.
 */
export type EndpointAuth =
  | { kind: 'public' }
  | { kind: 'refresh' }
  | { kind: 'user'; roles: readonly UserRole[] };

/**
 * Which input fields name the tenant. Company fields must equal the caller's company (else 403);
 * user fields must name a user of the caller's company (else 404). `resource` means every other id
 * is checked for ownership by the module's service (404 when it is another company's).
 * `none` is only for public endpoints and the caller's own data.
 */
export interface Tenancy {
  company?: readonly string[];
  user?: readonly string[];
  resource?: boolean;
  none?: true;
}

export interface EndpointConfig {
  id: string;
  domain: string;
  method: HttpMethod;
  /** The spec's path, unchanged; `{name}` marks a path parameter. Served under /api. */
  path: string;
  summary: string;
  auth: EndpointAuth;
  tenancy: Tenancy;
  params?: ObjectSchema;
  query?: ObjectSchema;
  body?: { kind: BodyKind; schema: ObjectSchema };
  /** Fields the spec places nowhere: accepted from the query string or from the body alike. */
  either?: ObjectSchema;
  /** The success answer (HTTP 200 unless `status` says otherwise). `binary` for file downloads. */
  response: z.ZodType | 'binary';
  /** The media type of a `binary` answer as the OpenAPI document states it (`application/octet-stream` unless said). */
  responseType?: string;
  status?: number;
  /** Writes a client may repeat (offline queues): `Idempotency-Key` is honoured. Default: every non-GET. */
  idempotent?: boolean;
  /** Texts the client shows when the call fails, from the spec. */
  clientMessages?: Record<string, string>;
}

export type Endpoint<C extends EndpointConfig = EndpointConfig> = C & { readonly __endpoint: true };

export function defineEndpoint<const C extends EndpointConfig>(config: C): Endpoint<C> {
  if (config.auth.kind === 'user' && config.auth.roles.length === 0) {
    throw new Error(`Endpoint ${config.id}: a user endpoint must list its roles`);
  }
  if (config.auth.kind === 'user' && config.auth.roles.includes('Consultant')) {
    throw new Error(`Endpoint ${config.id}: consultants are given endpoints in consultants/consultant-access.ts, not in roles`);
  }
  const t = config.tenancy;
  if (!t.company && !t.user && !t.resource && !t.none) {
    throw new Error(`Endpoint ${config.id}: tenancy must be declared`);
  }
  return { ...config, __endpoint: true } as Endpoint<C>;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : unknown;
type InferIn<S> = S extends z.ZodType ? z.input<S> : unknown;
type EmptyIfUnknown<T> = unknown extends T ? Record<never, never> : T;

/** The merged, parsed input a handler receives: path + query + body + either. */
export type EndpointInput<E extends EndpointConfig> = EmptyIfUnknown<Infer<E['params']>> &
  EmptyIfUnknown<Infer<E['query']>> &
  EmptyIfUnknown<E['body'] extends { schema: infer S } ? Infer<S> : unknown> &
  EmptyIfUnknown<Infer<E['either']>>;

/**
 * A multipart file field as a client holds it: a `Blob` (a browser's `File` is one; its name travels as the part's
 * filename). The schema (`FileField`) describes the file as the server's multipart parser hands it over
 * (`UploadedFile`), which no client holds.
 */
export type ClientFile<T> = T extends UploadedFile ? Blob : T extends readonly UploadedFile[] ? Blob[] : T;
type ClientFields<T> = T extends object ? { [K in keyof T]: ClientFile<T[K]> } : T;

/** What a client passes: the unparsed input types, with files as `Blob`s. */
export type EndpointRequest<E extends EndpointConfig> = EmptyIfUnknown<ClientFields<InferIn<E['params']>>> &
  EmptyIfUnknown<ClientFields<InferIn<E['query']>>> &
  EmptyIfUnknown<E['body'] extends { schema: infer S } ? ClientFields<InferIn<S>> : unknown> &
  EmptyIfUnknown<ClientFields<InferIn<E['either']>>>;

/** A file answer: bytes, or (server side) a stream sent as it is made, such as the labelled-examples zip. */
export type EndpointOutput<E extends EndpointConfig> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Buffer | Uint8Array | NodeJS.ReadableStream;

export type EndpointMap = Record<string, Endpoint>;
