/**
 * A bench helper process (api-process.ts, bare-route-process.ts) asked over IPC: each question carries an id, the
 * child answers with the same id (or an error), and its first message, id 0, says it is ready.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface IpcChild<Ask, Reply> {
  child: ChildProcess;
  /** The child's first message (id 0). */
  ready: Promise<Reply>;
  ask(question: Ask): Promise<Reply>;
  /** Resolves once the child has exited. */
  exited(): Promise<void>;
}

export function forkIpcChild<Ask extends object, Reply extends { id: number; error?: string }>(
  file: string, args: string[], execArgv: string[], name: string,
): IpcChild<Ask, Reply> {
  const child = fork(file, args, { execArgv: ['--import', 'tsx', ...execArgv], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let next = 1;
  const ready = new Promise<Reply>((resolve, reject) => {
    waiting.set(0, { resolve, reject });
    child.once('exit', (code) => {
      for (const w of waiting.values()) w.reject(new Error(`${name} exited (${code})`));
      waiting.clear();
    });
  });
  child.on('message', (reply: Reply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error) w?.reject(new Error(reply.error));
    else w?.resolve(reply);
  });
  return {
    child,
    ready,
    ask: (question) => new Promise<Reply>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ ...question, id });
    }),
    exited: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))),
  };
}
