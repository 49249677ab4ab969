import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyseImage, type Analysis, type RgbaImage } from '@verdant/vision';

/**
 * The built-in analysis off the event loop: a few worker threads (one per core, at most 4) each analyse one
 * image at a time, so a 12-megapixel photo (or four cameras posting at once) neither stalls every other
 * request nor waits for one core. The answer is the same as `analyseImage` in this thread: the same code on
 * the same pixels.
 *
 * Workers start from `analysis-worker-entry.mjs`, which registers tsx (a worker does not inherit the
 * process's loader) and loads `analysis-worker.ts`. Where workers cannot start, the pool says so once
 * (`mode`) and every analysis runs in this thread, as before; under the test runner the process's pool is
 * that inline one (analysis-pool.test.ts runs the workers themselves).
 */
export interface AnalysisPool {
  analyse(image: RgbaImage, opts?: { transfer?: boolean }): Promise<Analysis>;
  readonly mode: Promise<'workers' | 'inline'>;
  close(): Promise<void>;
}

interface Task {
  id: number;
  image: RgbaImage;
  transfer: boolean;
  resolve: (a: Analysis) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Task | null;
}

type Reply = { ready: true } | { id: number; analysis: Analysis } | { id: number; error: string };

const WORKER_URL = new URL('./analysis-worker-entry.mjs', import.meta.url);
const START_TIMEOUT_MS = 10_000;

export function createAnalysisPool(options: { size?: number; execArgv?: string[] } = {}): AnalysisPool {
  const size = options.size ?? Math.max(1, Math.min(4, os.availableParallelism()));
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const startOne = () =>
    new Promise<Slot>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, options.execArgv ? { execArgv: options.execArgv } : {});
      const timer = setTimeout(() => reject(new Error('analysis worker did not start')), START_TIMEOUT_MS);
      const slot: Slot = { worker, busy: null };
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          clearTimeout(timer);
          // An idle worker does not keep the process alive; a busy one does (see pump). Only after the
          // listeners are on: adding a 'message' listener refs the worker again.
          worker.unref();
          resolve(slot);
          return;
        }
        const task = slot.busy;
        slot.busy = null;
        worker.unref();
        if (task && task.id === reply.id) {
          if ('error' in reply) task.reject(new Error(reply.error));
          else task.resolve(reply.analysis);
        }
        pump();
      });
      worker.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
        // A worker that dies mid-task fails that task; a new worker takes its place.
        const task = slot.busy;
        slot.busy = null;
        task?.reject(err instanceof Error ? err : new Error(String(err)));
        const i = slots.indexOf(slot);
        if (i >= 0) slots.splice(i, 1);
        if (!closed) void startOne().then((s) => { slots.push(s); pump(); }, () => undefined);
      });
    });

  const mode: Promise<'workers' | 'inline'> = Promise.all(Array.from({ length: size }, startOne)).then(
    (started) => {
      slots.push(...started);
      return 'workers' as const;
    },
    () => {
      for (const s of slots) void s.worker.terminate();
      slots.length = 0;
      return 'inline' as const;
    },
  );

  function pump() {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const task = queue.shift()!;
      slot.busy = task;
      slot.worker.ref();
      const { data } = task.image;
      // Handing the pixels over instead of copying them: only when the caller is done with them and they
      // are a whole buffer of their own.
      const whole = task.transfer && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
      slot.worker.postMessage({ id: task.id, image: task.image }, whole ? [data.buffer as ArrayBuffer] : []);
    }
  }

  return {
    mode,
    async analyse(image, opts = {}) {
      if ((await mode) === 'inline' || closed) return analyseImage(image);
      return new Promise<Analysis>((resolve, reject) => {
        queue.push({ id: nextId++, image, transfer: opts.transfer ?? false, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      await mode;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

let shared: AnalysisPool | null = null;

/** The process's pool, started on first use (inline under the test runner, where workers cannot load TypeScript). */
export function analysisPool(): AnalysisPool {
  shared ??= process.env.VITEST ? inlinePool() : createAnalysisPool();
  return shared;
}

function inlinePool(): AnalysisPool {
  return { mode: Promise.resolve('inline'), analyse: async (image) => analyseImage(image), close: async () => {} };
}
