/**
 * The HTTP floor of bench:scale: a bare Fastify route that replays a request's caught statements and answers their
 * rows as JSON — no session, checks, schemas or compression. Beside the bare SQL it shows how much of an app read's
 * time is HTTP and a Node thread at all, and how much is the app's own work (issue 23's write bench has the same
 * baseline for writes). On a server it runs in a process of its own (bare-route-process.ts), so the rows it holds
 * count neither against the API's memory nor the bench's thread.
 */
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { revive } from './api.js';
import { forkIpcChild } from './ipc-child.js';
import type { Stmt } from './capture.js';

export interface BareRoute {
  address: string;
  /** Keeps each request's statements; answers the path that replays each. */
  set(requests: Stmt[][]): Promise<string[]>;
  close(): Promise<void>;
}

/** `replay` runs one request's statements in order (on a connection of its own) and answers each one's rows. */
export async function startBareRoute(replay: (stmts: Stmt[]) => Promise<unknown[][]>): Promise<BareRoute> {
  const kept = new Map<string, Stmt[]>();
  let next = 0;
  const app = Fastify({ logger: false });
  app.get<{ Params: { key: string } }>('/replay/:key', async (req, reply) => {
    const stmts = kept.get(req.params.key);
    if (!stmts) return reply.code(404).send({ error: 'unknown replay' });
    return replay(stmts);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    async set(requests) {
      return requests.map((stmts) => {
        const key = String(next++);
        kept.set(key, stmts);
        return `/replay/${key}`;
      });
    },
    close: () => app.close(),
  };
}

export type BareAsk = { kind: 'set'; requests: Stmt[][] } | { kind: 'close' };
export type BareReply = { id: number; address?: string; paths?: string[]; error?: string };

/** The bare route in a child process, on its own pool of the database at `databaseUrl`. */
export async function childBareRoute(databaseUrl: string): Promise<BareRoute> {
  const { ready, ask, exited } = forkIpcChild<BareAsk, BareReply>(fileURLToPath(new URL('./bare-route-process.ts', import.meta.url)), [databaseUrl], [], "the bare route's process");
  const { address } = await ready;
  return {
    address: address!,
    set: async (requests) => (await ask({ kind: 'set', requests })).paths!,
    async close() {
      await ask({ kind: 'close' });
      await exited();
    },
  };
}

/** The child's side: serve, keep what the bench sends, and close when asked. */
export async function serveBareRoute(replay: (stmts: Stmt[]) => Promise<unknown[][]>, onClose: () => Promise<void>) {
  const route = await startBareRoute(replay);
  const send = (reply: BareReply) => process.send!(reply);
  process.on('message', (message: BareAsk & { id: number }) => {
    void (async () => {
      try {
        if (message.kind === 'set') send({ id: message.id, paths: await route.set(message.requests.map(revive)) });
        else {
          await route.close();
          await onClose();
          send({ id: message.id });
          process.disconnect();
        }
      } catch (err) {
        send({ id: message.id, error: String(err) });
      }
    })();
  });
  send({ id: 0, address: route.address });
}
