import type * as SentryNode from '@sentry/node';
import type { ErrorEvent, NodeOptions } from '@sentry/node';
import { redactUrl } from './log-redaction.js';

/**
 * Server errors go to Sentry only when SENTRY_DSN is set; without it nothing is initialised and nothing
 * leaves the process. An event carries no personal data: no user, no cookies, no request body, only a few
 * harmless request headers, no secret query values, no e-mail addresses; the caller appears only as the
 * user_id and company_id tags. The SDK itself is loaded only when there is a DSN.
 */

/** The SDK's own integrations we keep: error grouping and context. No HTTP, console or framework hooks. */
const KEPT_INTEGRATIONS = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'NodeSystemError',
  'OnUncaughtException',
  'ContextLines',
  'Context',
  'Modules',
]);

/** Request headers an event may carry; authorization, cookie, forwarded addresses and every other one are dropped. */
const KEPT_HEADERS = ['accept', 'content-type', 'content-length', 'user-agent'];

const EMAIL = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** A secret query parameter inside free text (the same names as lib/log-redaction.ts: token, *_token, *password, *secret). */
const SECRET_PARAM_IN_TEXT = /((?:^|[?&;\s])(?:[\w.%-]*_)?(?:token|password|secret)=)[^&#\s"'<>]*/gi;

const scrubText = (text: string) => text.replace(SECRET_PARAM_IN_TEXT, '$1[redacted]').replace(EMAIL, '[email]');

/** A copy of a JSON-shaped value with every string scrubbed; a value that is not JSON is dropped. */
function scrubJson<T>(value: T): T | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? scrubText(v) : v))) as T;
  } catch {
    return undefined;
  }
}

export interface ReportedRequest {
  method: string;
  /** Path and query string, as the server received it. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  caller?: { user_id: number; company_id: number } | null;
}

function keptHeaders(headers: ReportedRequest['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined) kept[name] = scrubText(Array.isArray(value) ? value.join(', ') : value);
  }
  return kept;
}

/** The last word on every event, whatever added to it: nothing personal leaves. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  delete event.user;
  if (event.request) {
    const { method, url, headers } = event.request;
    event.request = {
      ...(method ? { method } : {}),
      ...(url ? { url: scrubText(redactUrl(url)) } : {}),
      headers: keptHeaders(headers ?? {}),
    };
  }
  event.message = event.message === undefined ? undefined : scrubText(event.message);
  event.exception = scrubJson(event.exception);
  event.breadcrumbs = scrubJson(event.breadcrumbs);
  event.extra = scrubJson(event.extra);
  event.contexts = scrubJson(event.contexts);
  event.tags = scrubJson(event.tags);
  return event;
}

let sentry: typeof SentryNode | null = null;

/**
 * Starts error reporting once, before the app is built; without a DSN it does nothing at all and answers false.
 * `transport` replaces the network (tests record envelopes).
 */
export async function initErrorReporting(
  dsn: string | undefined,
  options: { transport?: NodeOptions['transport'] } = {},
): Promise<boolean> {
  if (!dsn) return false;
  if (sentry) return true;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    ...(options.transport ? { transport: options.transport } : {}),
    // Collect nothing about people or payloads (this replaced `sendDefaultPii` in SDK 11).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: KEPT_HEADERS }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    // No performance tracing, and no trace headers added to our calls to S3, SMTP or the weather service.
    tracePropagationTargets: [],
    integrations: (defaults) => [
      ...defaults.filter((integration) => KEPT_INTEGRATIONS.has(integration.name)),
      // close-with-grace (server.ts) logs an unhandled rejection and shuts down; Sentry only reports it.
      Sentry.onUnhandledRejectionIntegration({ mode: 'none' }),
    ],
    beforeSend: scrubEvent,
  });
  sentry = Sentry;
  return true;
}

/** Reports an error the error handler answered with a 5xx; nothing without a DSN. */
export function reportServerError(err: unknown, req: ReportedRequest): void {
  const Sentry = sentry;
  if (!Sentry) return;
  Sentry.withScope((scope) => {
    if (req.caller) scope.setTags({ user_id: req.caller.user_id, company_id: req.caller.company_id });
    scope.addEventProcessor((event) => ({
      ...event,
      request: { method: req.method, url: redactUrl(req.url), headers: keptHeaders(req.headers) },
    }));
    Sentry.captureException(err);
  });
}

/** Sends what is queued (at most `timeoutMs`) before the process ends. */
export async function closeErrorReporting(timeoutMs = 2000): Promise<void> {
  await sentry?.close(timeoutMs);
}
