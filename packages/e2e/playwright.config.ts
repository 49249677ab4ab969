import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './src/chromium';

/**
 * End-to-end specs against the real server (started by src/global-setup.ts on a free port with a fresh
 * DATA_DIR) in Debian's Chromium. Browsers are never downloaded: `/usr/bin/chromium` is used directly.
 */
export default defineConfig({
  testDir: './specs',
  testMatch: '**/*.spec.ts',
  globalSetup: './src/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    ...devices['Desktop Chrome'],
    // The real address is only known once the server is up; the fixtures override baseURL with it.
    headless: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
