import { defineConfig } from 'vitest/config';
import { webSrcAlias } from './packages/web/vite-alias.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'vision',
          root: './packages/vision',
          include: ['src/**/*.test.ts'],
          // Whole-photo analyses take seconds on two busy cores (CI runs every project at once).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './packages/server',
          include: ['src/**/*.test.ts'],
          // A transaction that waits on a second connection hangs on the embedded database: fail fast.
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One migrated database that every test app starts from (src/test/migrated-start.ts).
          globalSetup: ['./src/test/migrated-start.ts'],
        },
      },
      './packages/web',
      {
        // It runs the web's queue code, which may import through `@/`.
        resolve: { alias: webSrcAlias },
        test: {
          // The outbox property test (bench/outbox-property.test.ts): the web queue code against the real server.
          name: 'outbox-property',
          root: './bench',
          include: ['*.test.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
