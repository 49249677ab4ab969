import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tablesWritten, tableWriters } from './table-owners.js';

/**
 * Tables that still have more than one writing module, each with its reason (issue 21: the list only
 * shrinks). A new second writer fails below: call the owner's service instead.
 */
const ALLOWED: Record<string, { writers: string[]; reason: string }> = {
  form_responses: {
    writers: ['form_responses', 'tasks'],
    reason: 'a task is a form response of a task template (the spec\'s model) and tasks files its recurring and system tasks; calling form_responses would '
      + 'be a cycle (form_responses → observations → thresholds → tasks: a crossed threshold makes a task)',
  },
};

const writers = tableWriters(fileURLToPath(new URL('../modules', import.meta.url)));
const shared = Object.fromEntries([...writers].filter(([, mods]) => mods.size > 1).map(([table, mods]) => [table, [...mods].sort()]));

describe('table owners', () => {
  it('the observations module alone writes observations and their actions', () => {
    expect([...(writers.get('problem_observations') ?? [])]).toEqual(['observations']);
    expect([...(writers.get('observation_actions') ?? [])]).toEqual(['observations']);
  });

  it('at most one table keeps a second writer (issue 21: three at first, rooms and grids went behind their owners)', () => {
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(1);
  });

  it('every other table has one writing module, except the allowed ones (and the list is up to date)', () => {
    expect(shared).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([table, a]) => [table, a.writers])));
  });

  it('finds Kysely writes (the table on the next line too) and raw SQL ones, not reads', () => {
    const source = `db.insertInto('a').values(x); trx\n  .updateTable(\n    'b'); db.deleteFrom("c");
      sql\`INSERT INTO d (x) SELECT 1; UPDATE e SET x = 1; DELETE FROM f USING g\`; db.selectFrom('h'); sql\`SELECT * FROM i FOR UPDATE\``;
    expect([...tablesWritten(source)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
