import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';

/**
 * `@/…` is packages/web/src/… — the same mapping as tsconfig.json's `paths`, for the build (vite.config.ts), the web
 * tests (vitest.config.ts) and the bench project that runs web code (../../vitest.config.ts). A regular expression,
 * so `@verdant/…` and other scoped packages are never touched.
 */
export const webSrcAlias: AliasOptions = [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }];
