import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, moduleImports } from './module-graph.js';

const graphOf = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Map(to.map((t) => [t, []]))]));

describe('module imports', () => {
  it('has no import cycle between modules (tests included): seeders and fixtures live in setup/ and test/', () => {
    const graph = moduleImports(fileURLToPath(new URL('../modules', import.meta.url)));
    const cycles = importCycles(graph).map((group) =>
      group.flatMap((from) => group.filter((to) => graph.get(from)?.has(to)).map((to) => `${from} → ${to} (${graph.get(from)!.get(to)!.join(', ')})`)),
    );
    expect(cycles).toEqual([]);
  });

  it('the check finds a cycle through three modules and ignores a one-way chain', () => {
    expect(importCycles(graphOf({ rooms: ['grids'], grids: ['grid_boxes'], grid_boxes: ['rooms'], plants: ['rooms'] }))).toEqual([
      ['grid_boxes', 'grids', 'rooms'],
    ]);
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });
});
