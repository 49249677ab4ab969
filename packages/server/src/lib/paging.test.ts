import { describe, expect, it } from 'vitest';
import { Kysely, DummyDriver, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { clampPage, orderBy } from './paging.js';
import { AppError } from './errors.js';

const db = new Kysely<{ moves: { moved_at: Date; id: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('orderBy', () => {
  const columns = { moved_at: 'moves.moved_at', id: 'moves.id' };

  it('maps a known key to its column', () => {
    const q = db.selectFrom('moves').selectAll().orderBy(orderBy(columns, 'moved_at', 'asc')).compile();
    expect(q.sql).toBe('select * from "moves" order by "moves"."moved_at" asc');
  });

  it('refuses anything else with a 400 naming the field, never SQL', () => {
    const attempt = () => orderBy(columns, 'moved_at; drop table users', 'desc');
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (e) {
      expect((e as AppError).statusCode).toBe(400);
      expect((e as AppError).field).toBe('sort_by');
    }
    expect(() => orderBy(columns, 'constructor')).toThrow(AppError);
  });
});

describe('clampPage', () => {
  it('applies defaults and bounds', () => {
    expect(clampPage(undefined, undefined)).toEqual({ limit: 50, offset: 0 });
    expect(clampPage(100000, -5)).toEqual({ limit: 500, offset: 0 });
    expect(clampPage(0, 10)).toEqual({ limit: 1, offset: 10 });
  });
});
