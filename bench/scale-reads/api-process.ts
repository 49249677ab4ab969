/**
 * The API of bench:scale in a process of its own (on a PostgreSQL server), so its resident memory is the API's alone:
 * the bench's bare replays, which hold whole results in the bench process, no longer count against the API's
 * < 1 GB goal. Started by api.ts with `--import tsx`; asked over IPC to sign a token, catch a request's statements and
 * tell its peak resident memory.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { parseEnv } from '../../packages/server/src/config/env.js';
import { installCapture, startCapture, stopCapture } from './capture.js';
import type { ApiReply, ApiRequest } from './api.js';

installCapture();
const url = process.argv[2];
if (!url) throw new Error('usage: api-process.ts <database url>');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-scale-api-'));
const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex') };
const app = await buildApp(config, { database: { kind: 'postgres', url }, jobs: false, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// Sampled, since a peak between two samples 100 ms apart is what a heap of whole answers looks like for that long.
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);

const send = (reply: ApiReply) => process.send!(reply);
process.on('message', (message: ApiRequest) => {
  void (async () => {
    try {
      if (message.kind === 'sign') send({ id: message.id, token: await app.tokens.signAccess(message.user) });
      else if (message.kind === 'capture-start') {
        startCapture();
        send({ id: message.id });
      }
      else if (message.kind === 'capture-stop') send({ id: message.id, statements: stopCapture() });
      else if (message.kind === 'peak') {
        const rss = process.memoryUsage().rss;
        send({ id: message.id, peak: Math.max(peak, rss) });
        if (message.reset) peak = rss;
      } else if (message.kind === 'close') {
        clearInterval(sampler);
        await app.close();
        fs.rmSync(tmp, { recursive: true, force: true });
        send({ id: message.id });
        process.disconnect();
      }
    } catch (err) {
      send({ id: message.id, error: String(err) });
    }
  })();
});
send({ id: 0, address });
