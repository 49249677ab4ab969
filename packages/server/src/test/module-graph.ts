import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Which other modules each module's files import (relative imports only), with the importing files. */
export function moduleImports(modulesDir: string): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
    });
  for (const mod of readdirSync(modulesDir)) {
    if (!statSync(join(modulesDir, mod)).isDirectory()) continue;
    const edges = new Map<string, string[]>();
    graph.set(mod, edges);
    for (const file of walk(join(modulesDir, mod))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
        const target = relative(modulesDir, resolve(dirname(file), spec!)).split(sep)[0]!;
        if (target === mod || target === '..') continue;
        edges.set(target, [...(edges.get(target) ?? []), relative(modulesDir, file)]);
      }
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan): each is an import cycle. */
export function importCycles(graph: Map<string, Map<string, unknown>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
