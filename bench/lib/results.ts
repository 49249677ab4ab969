/**
 * bench/results.md holds the latest full output of more than one benchmark: each writes only its own
 * section, between `<!-- bench:<id> -->` and `<!-- /bench:<id> -->`, and leaves the others as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results.md');

const TITLE = '# Benchmark results\n\nEach section is written by the benchmark it names, on its latest run.\n';

/** The machine line of a section: cores, CPU, memory, OS, Node.js and the load average as the section is written (other work on the machine). */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  return `- machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node.js ${process.version}; load average (1 / 5 / 15 min) ${load}`;
}

/** Replaces the section `id` of bench/results.md with `markdown` (appends it when the file has none). */
export function writeResultsSection(id: string, markdown: string): void {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  let next: string;
  if (from >= 0 && to > from) next = current.slice(0, from) + block + current.slice(to + end.length);
  else if (current.includes('<!-- bench:')) next = `${current.trimEnd()}\n\n${block}\n`;
  else next = `${TITLE}\n${block}\n`; // an old single-benchmark file (or none): start over with sections
  fs.writeFileSync(RESULTS_FILE, next);
}
