import fs from 'node:fs';
import path from 'node:path';

/** Folders this process has open (a pid file naming our own pid is otherwise from an earlier life). */
const openHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dir` for this process with a `<dir>.pid` file beside it (PGlite wants its folder to itself):
 * two processes writing one PGlite folder
 * would corrupt it. A file left by a process that died (kill -9, power cut) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(path.dirname(dir), `${path.basename(dir)}.pid`);
  const key = path.resolve(dir);
  if (openHere.has(key)) throw new Error(`The embedded database in ${dir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      openHere.add(key);
      return () => {
        openHere.delete(key);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new Error(`The embedded database in ${dir} is in use by process ${holder}. Stop it first, or give this server another DATA_DIR.`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim the embedded database in ${dir}.`);
}
