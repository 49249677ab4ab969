import { describe, expect, it, vi } from 'vitest';

const init = vi.fn();
vi.mock('@sentry/react', () => ({
  init,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: () => ({ name: 'Replay' }),
}));

describe('monitoring', () => {
  it('stays off without a DSN', async () => {
    const { initMonitoring } = await import('../monitoring');
    await expect(initMonitoring(undefined)).resolves.toBe(false);
    expect(init).not.toHaveBeenCalled();
  });

  it('samples all traces, 10 % of sessions and every session with an error', async () => {
    const { initMonitoring } = await import('../monitoring');
    await expect(initMonitoring('https://key@example.ingest/1')).resolves.toBe(true);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://key@example.ingest/1', tracesSampleRate: 1.0, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1.0 }),
    );
  });
});

describe('service worker', () => {
  it('registers /sw.js only after the load event', async () => {
    const register = vi.fn().mockResolvedValue({});
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    const { registerServiceWorker } = await import('../service-worker');

    registerServiceWorker('/sw.js');
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });
});
