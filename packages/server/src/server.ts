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
  await firstStart(app);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await closeErrorReporting();
  });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
