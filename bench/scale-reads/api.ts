/**
 * The API bench:scale reads from: in a child process on a PostgreSQL server (its memory then is the API's own), or in
 * the bench's process on an embedded data directory (the bare side must use the app's one PGlite session there).
 * Either way the bench signs a token, catches one request's statements and reads the API's peak memory the same way.
 */
import { fileURLToPath } from 'node:url';
import type { UserRole } from '@verdant/contract';
import type { buildApp } from '../../packages/server/src/app.js';
import { forkIpcChild } from './ipc-child.js';
import { installCapture, startCapture, stopCapture, type Stmt } from './capture.js';

type User = { user_id: number; company_id: number; user_role: UserRole };
type Ask =
  | { kind: 'sign'; user: User }
  | { kind: 'capture-start' }
  | { kind: 'capture-stop' }
  | { kind: 'peak'; reset: boolean }
  | { kind: 'close' };
export type ApiRequest = { id: number } & Ask;
export type ApiReply = { id: number; error?: string; address?: string; token?: string; statements?: Stmt[]; peak?: number };

export interface BenchApi {
  address: string;
  /** Where the API runs, for the results' text. */
  where: string;
  sign(user: User): Promise<string>;
  /** The statements the API sent while `run` ran. */
  capture(run: () => Promise<unknown>): Promise<Stmt[]>;
  /** The API's peak resident memory (bytes) since the last reset; `reset` starts a new window. */
  peak(reset: boolean): Promise<number>;
  close(): Promise<void>;
}

export async function inProcessApi(app: Awaited<ReturnType<typeof buildApp>>): Promise<BenchApi> {
  installCapture();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  return {
    address,
    where: 'the bench process, which also holds the bare replays',
    sign: (user) => app.tokens.signAccess(user),
    async capture(run) {
      startCapture();
      let caught: Stmt[] = [];
      try {
        await run();
      } finally {
        caught = stopCapture();
      }
      return caught;
    },
    async peak(reset) {
      const rss = process.memoryUsage().rss;
      const seen = Math.max(peak, rss);
      if (reset) peak = rss;
      return seen;
    },
    async close() {
      clearInterval(sampler);
      await app.close();
    },
  };
}

/** Values a statement was sent with come back through IPC's structured clone: a Buffer as a plain Uint8Array. */
export const revive = (stmts: Stmt[]) => stmts.map((s) => ({ ...s, values: s.values?.map((v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v) : v)) }));

export async function childApi(databaseUrl: string): Promise<BenchApi> {
  // BENCH_API_PROFILE=<dir>: the API writes a V8 CPU profile there as it exits (where its time per request goes).
  const profile = process.env.BENCH_API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : [];
  const { child, ready, ask, exited } = forkIpcChild<Ask, ApiReply>(fileURLToPath(new URL('./api-process.ts', import.meta.url)), [databaseUrl], profile, 'the API process');
  const { address } = await ready;
  return {
    address: address!,
    where: `a process of its own (pid ${child.pid}), apart from the bench's bare replays`,
    sign: async (user) => (await ask({ kind: 'sign', user })).token!,
    async capture(run) {
      await ask({ kind: 'capture-start' });
      let caught: Stmt[] = [];
      try {
        await run();
      } finally {
        caught = (await ask({ kind: 'capture-stop' })).statements ?? [];
      }
      return revive(caught);
    },
    peak: async (reset) => (await ask({ kind: 'peak', reset })).peak!,
    async close() {
      await ask({ kind: 'close' });
      await exited();
    },
  };
}
