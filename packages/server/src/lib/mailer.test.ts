import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { outboxMailer } from './mailer.js';

const quiet = { info: () => {} } as unknown as FastifyBaseLogger;
let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('outboxMailer', () => {
  it('keeps every mail of a burst with one subject (two processes can share the folder)', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-outbox-'));
    const one = outboxMailer(dir, quiet);
    const two = outboxMailer(dir, quiet);
    // A reader polling the folder during the burst only ever finds whole mails (each is renamed into place).
    let sending = true;
    const halfRead: string[] = [];
    const reader = (async () => {
      while (sending) {
        for (const f of (await fs.readdir(dir!)).filter((n) => n.endsWith('.json'))) {
          try {
            JSON.parse(await fs.readFile(path.join(dir!, f), 'utf8'));
          } catch {
            halfRead.push(f);
          }
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await Promise.all(Array.from({ length: 30 }, (_x, i) => (i % 2 ? one : two).send({ to: 'a@example.com', subject: 'Same subject', text: `mail ${i}` })));
    sending = false;
    await reader;
    expect(halfRead).toEqual([]);
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(30);
    const texts = await Promise.all(files.map(async (f) => (JSON.parse(await fs.readFile(path.join(dir!, f), 'utf8')) as { text: string }).text));
    expect(new Set(texts)).toEqual(new Set(Array.from({ length: 30 }, (_x, i) => `mail ${i}`)));
  });

  it('drops a second copy of a mail with the same Message-ID, even sent at once by two processes', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-outbox-'));
    const one = outboxMailer(dir, quiet);
    const two = outboxMailer(dir, quiet);
    const delivery = (n: number) => ({ to: 'a@example.com', subject: 'Pest found', text: `delivery ${n}`, messageId: `<delivery-${n}@verdant.local>` });
    await Promise.all([one.send(delivery(1)), two.send(delivery(1)), one.send(delivery(2))]);
    await two.send(delivery(1));
    const files = await fs.readdir(dir);
    expect(files.filter((f) => f.startsWith('.'))).toEqual([]);
    const texts = await Promise.all(files.map(async (f) => (JSON.parse(await fs.readFile(path.join(dir!, f), 'utf8')) as { text: string }).text));
    expect(texts.sort()).toEqual(['delivery 1', 'delivery 2']);
  });
});
