/** Query parameters that carry one-time secrets (password reset and invitation links, the reset call). */
const SECRET_PARAMS = /((?:^|[?&#\s])(?:token|invite_token|refresh_token)=)[^&#\s"'<>]*/gi;

/** True when the text holds a secret query parameter with a value. */
export function hasSecretParams(text: string): boolean {
  return /(?:^|[?&#\s])(?:token|invite_token|refresh_token)=[^&#\s"'<>]/i.test(text);
}

/** Replaces the values of `token`, `invite_token` and `refresh_token` in any URL inside the text. */
export function scrubSecrets(text: string): string {
  return text.replace(SECRET_PARAMS, '$1[Filtered]');
}

/**
 * Scrubs every string of an event, breadcrumb or span in place (URLs hide in request.url,
 * query_string, breadcrumb data, span names and attributes), and returns it.
 */
export function scrubDeep<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return scrubSecrets(value) as T;
  if (!value || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (typeof v === 'string') record[key] = scrubSecrets(v);
    else if (v && typeof v === 'object') scrubDeep(v, seen);
  }
  return value;
}

/**
 * Sentry only when VITE_SENTRY_DSN is set (loaded on demand so builds without it carry no SDK):
 * traces 100 %, replays 10 % of sessions and 100 % of sessions with an error (spec-1 §7, §9).
 * Nothing sent may carry a reset or invitation token: every event, breadcrumb and span is scrubbed,
 * and a replay only starts once the page has taken the token out of its address (the recorder's own
 * page-address events cannot be edited).
 */
export async function initMonitoring(dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN as string | undefined) {
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  const replay = Sentry.replayIntegration({ beforeAddRecordingEvent: (event) => scrubDeep(event) });
  const cleanNow = !hasSecretParams(window.location.href);
  Sentry.init({
    dsn,
    integrations: cleanNow ? [Sentry.browserTracingIntegration(), replay] : [Sentry.browserTracingIntegration()],
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    beforeBreadcrumb: (breadcrumb) => scrubDeep(breadcrumb),
    beforeSend: (event) => scrubDeep(event),
    beforeSendSpan: (span) => scrubDeep(span),
  });
  if (!cleanNow) {
    const timer = window.setInterval(() => {
      if (hasSecretParams(window.location.href)) return;
      window.clearInterval(timer);
      Sentry.addIntegration(replay);
    }, 500);
  }
  return true;
}
