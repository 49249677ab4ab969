import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Kysely writes (`insertInto('t')`, `updateTable('t')`, `deleteFrom('t')`, the name possibly on the next line) and raw SQL ones. */
const WRITES = [/\.(?:insertInto|updateTable|deleteFrom)\(\s*['"]([a-z_]+)['"]/g, /\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)\b/g];

/** The tables written by one source text. */
export function tablesWritten(source: string): Set<string> {
  const out = new Set<string>();
  for (const pattern of WRITES) for (const [, table] of source.matchAll(pattern)) out.add(table!);
  return out;
}

/**
 * Table → the modules whose code writes it, from `modules/<module>/*.ts` (tests left out: they set up
 * rows directly). A table with one module has an owner; other modules reach it through that module's service.
 */
export function tableWriters(modulesDir: string): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const mod of readdirSync(modulesDir)) {
    const dir = join(modulesDir, mod);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      for (const table of tablesWritten(readFileSync(join(dir, name), 'utf8'))) writers.set(table, new Set([...(writers.get(table) ?? []), mod]));
    }
  }
  return writers;
}
