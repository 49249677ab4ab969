/**
 * Sentry only when VITE_SENTRY_DSN is set (loaded on demand so builds without it carry no SDK):
 * traces 100 %, replays 10 % of sessions and 100 % of sessions with an error (spec-1 §7, §9).
 */
export async function initMonitoring(dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN as string | undefined) {
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
  });
  return true;
}
