/**
 * The API bench:scale reads from: in a child process on a PostgreSQL server (its memory then is the API's own), or in
 * the bench's process on an embedded data directory (the bare side must use the app's one PGlite session there).
 * Either way the bench signs a token, catches one request's statements and reads the API's peak memory the same way.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { UserRole } from '@verdant/contract';
import type { buildApp } from '../../packages/server/src/app.js';
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
  const child = fork(fileURLToPath(new URL('./api-process.ts', import.meta.url)), [databaseUrl], {
    // BENCH_API_PROFILE=<dir>: the API writes a V8 CPU profile there as it exits (where its time per request goes).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : [])], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (r: ApiReply) => void; reject: (e: Error) => void }>();
  let next = 1;
  const ready = new Promise<ApiReply>((resolve, reject) => {
    waiting.set(0, { resolve, reject });
    child.once('exit', (code) => {
      for (const w of waiting.values()) w.reject(new Error(`the API process exited (${code})`));
      waiting.clear();
    });
  });
  child.on('message', (reply: ApiReply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error) w?.reject(new Error(reply.error));
    else w?.resolve(reply);
  });
  const ask = (req: Ask) => new Promise<ApiReply>((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    child.send({ ...req, id });
  });
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
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    },
  };
}
