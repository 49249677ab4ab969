import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { parseEnv, ConfigError } from './config/env.js';
import { buildApp } from './app.js';
import { firstStart } from './setup/first-start.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = { ...parseEnv(), webDist: path.resolve(here, '../../web/dist') };
  const app = await buildApp(config, { logger: true });
  await firstStart(app);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
