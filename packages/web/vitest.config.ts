import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { webSrcAlias } from './vite-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: webSrcAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 10_000,
  },
});
