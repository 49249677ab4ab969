import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { parseEnv, ConfigError } from './config/env.js';
import { buildApp } from './app.js';
import { closeErrorReporting, initErrorReporting } from './lib/error-reporting.js';
import { firstStart } from './setup/first-start.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = { ...parseEnv(), webDist: path.resolve(here, '../../web/dist') };
  // Once, before the app is built; without SENTRY_DSN nothing is set up and nothing is sent.
  await initErrorReporting(config.sentryDsn);
  const app = await buildApp(config, { logger: true });
  // The one-time sign-in notice waits until the server listens, so it is the last thing on screen.
  const notices: string[] = [];
  await firstStart(app, (text) => notices.push(text));
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await closeErrorReporting();
  });
  await app.listen({ port: config.port, host: config.host });
  console.info(notices.length ? notices.join('\n') : runningBanner(`${config.publicUrl}/signIn`));
}

/** On every later start: where to sign in (the password was shown once, on the first start). */
function runningBanner(signInUrl: string): string {
  const lines = ['Verdant is running. Sign in at:', '', `  ${signInUrl}`];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`].join('\n');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
