/* eslint-disable @typescript-eslint/no-require-imports -- eslint-module-utils loads a resolver with require() */
// Resolves the web's `@/` alias (packages/web/src, as in its tsconfig paths and vite resolve.alias) for the
// import rules in eslint.config.js; every other specifier is left to eslint-import-resolver-node.
const { existsSync, statSync } = require('node:fs');
const { join } = require('node:path');

const SRC = join(__dirname, 'packages/web/src');
const CANDIDATES = ['', '.ts', '.tsx', '.json', '/index.ts', '/index.tsx'];

exports.interfaceVersion = 2;
exports.resolve = (source) => {
  if (!source.startsWith('@/')) return { found: false };
  const base = join(SRC, source.slice(2));
  for (const suffix of CANDIDATES) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return { found: true, path };
  }
  return { found: false };
};
