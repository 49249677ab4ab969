import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Web import direction by zone (eslint-plugin-boundaries, docs/web-guide.md): each folder under packages/web/src is
 * an element type, and a file may import only the zones its type lists below, whatever the depth or whether the
 * specifier is relative or `@/`. Features are one zone each; a folder inside a feature that is not one of its
 * layers (api, components, lib, locales, pages, __tests__) is a sub-feature (rooms/map, rooms/scouting, …).
 */
const WEB = 'packages/web/src';
const DASHBOARD_LITERAL = 'Build dashboard URLs with `paths` from lib/paths.ts, not by hand.';
const FEATURE_LAYERS = 'api|components|lib|locales|pages|__tests__';
const SHARED = ['components', 'api', 'offline', 'state', 'lib'];
const webElements = [
  { type: 'sub-feature', pattern: `${WEB}/features/*/!(${FEATURE_LAYERS})`, capture: ['feature', 'part'] },
  { type: 'feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
  ...['app', ...SHARED, 'testing'].map((type) => ({ type, pattern: `${WEB}/${type}` })),
];
const zone = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const sameFeature = (type) => ({ to: { element: { type, captured: { feature: '{{ from.element.captured.feature }}' } } } });
/** What each zone may import (besides packages); anything else is refused. */
const webPolicies = [
  { from: { file: { categories: 'entry' } }, allow: [zone('app', ...SHARED), { to: { file: { categories: 'entry' } } }] },
  { from: { element: { type: 'app' } }, allow: zone('app', 'feature', 'sub-feature', ...SHARED) },
  // A feature's shared root never reaches into its own sub-features: they build on it, not the other way round.
  { from: { element: { type: 'feature' } }, allow: [sameFeature('feature'), zone('components', 'api', 'state', 'lib')] },
  // A sub-feature may use its feature's root and its sibling sub-features (the room page opens the box panel).
  { from: { element: { type: 'sub-feature' } }, allow: [sameFeature('feature'), sameFeature('sub-feature'), zone('components', 'api', 'state', 'lib')] },
  { from: { element: { type: 'components' } }, allow: zone('components', 'api', 'state', 'lib') },
  // api/ hands offline/ its transports, so offline never imports api (docs/web-guide.md).
  { from: { element: { type: 'api' } }, allow: zone('api', 'offline', 'state', 'lib') },
  { from: { element: { type: 'offline' } }, allow: zone('offline', 'lib') },
  { from: { element: { type: 'state' } }, allow: zone('state', 'lib') },
  { from: { element: { type: 'lib' } }, allow: zone('lib') },
  // The test harness mounts the app (testing/render.tsx); only features are out of its reach.
  { from: { element: { type: 'testing' } }, allow: zone('testing', 'app', ...SHARED) },
  // Tests drive their zone through the layers below it (seeding offline/, answering through api/) and the harness;
  // a feature's tests may render its sub-features' pages. A test never imports another feature.
  { from: { file: { categories: 'test' } }, allow: zone('testing', ...SHARED) },
  { from: { file: { categories: 'test' }, element: { type: 'feature' } }, allow: sameFeature('sub-feature') },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/dev-dist/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'packages/*/src/**/': '+([a-z0-9_-])' }],
    },
  },
  {
    files: ['packages/server/src/db/migrations/**'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': webElements,
      'boundaries/files': [
        { category: 'test', pattern: ['**/__tests__/**', '**/*.test.{ts,tsx}'] },
        // main.tsx, its stylesheet and the type declarations beside it, which start the app.
        { category: 'entry', pattern: `${WEB}/*.{ts,tsx,css}` },
      ],
      'import/resolver': {
        [fileURLToPath(new URL('./eslint-web-resolver.cjs', import.meta.url))]: {},
        node: { extensions: ['.ts', '.tsx', '.js', '.json'] },
      },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies: webPolicies }] },
  },
  {
    // Shipped code imports only from the zones: an import landing outside them (a folder outside src/) is refused.
    // Tests may read build code beside src/ (vite-endpoint-metadata.ts) and the contract's sources.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/__tests__/**`, `${WEB}/**/*.test.{ts,tsx}`],
    rules: { 'boundaries/no-unknown-dependencies': 'error' },
  },
  {
    // Every link and navigate goes through lib/paths.ts; tests may spell a URL out.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/lib/paths.ts`, `${WEB}/**/__tests__/**`, `${WEB}/**/*.test.{ts,tsx}`, `${WEB}/testing/**`],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/dashboard/]', message: DASHBOARD_LITERAL },
        { selector: 'TemplateElement[value.raw=/^\\/dashboard/]', message: DASHBOARD_LITERAL },
      ],
    },
  },
  {
    // The server's layers below the domains: a module registers what they need (app.callerGuards), they import none.
    files: ['packages/server/src/{jobs,lib,plugins,db}/**/*.ts'],
    // Tests drive them through the modules.
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+modules(/|$)', message: 'jobs, lib, plugins and db never import a module: let the module register what they need.' }] },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/*.repository*', '../../modules/*/*.repository*'], message: "Call another domain's service, not its repository." },
          ],
        },
      ],
    },
  },
);
