import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Web import direction, as on the server: shared code (api, offline, components, lib, state, testing)
 * → features → app. A feature never imports another feature, shared code never imports a feature or app/,
 * and a feature never imports app/. Relative specifiers only say where they land given the importing
 * file's depth, so the feature rule is one block per depth below `features/<name>/`.
 */
const WEB = 'packages/web/src';
const FEATURE_TO_FEATURE =
  'A feature never imports another feature: move what both need into components/ or lib/ (or api/ for server data).';
const FEATURE_TO_APP = 'A feature never imports app/: app/ composes features, not the other way round.';
const SHARED_TO_UPPER =
  'Shared web code (api, offline, components, lib, state, testing) never imports a feature or app/: move what it needs down.';
const DASHBOARD_LITERAL = 'Build dashboard URLs with `paths` from lib/paths.ts, not by hand.';
const featureDepthBlocks = [0, 1, 2, 3, 4, 5].map((depth) => ({
  files: [`${WEB}/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // depth + 1 steps up from a file `depth` folders inside features/<name>/ land in features/.
          { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./)`, message: FEATURE_TO_FEATURE },
          { regex: `^(\\.\\./){${depth + 2}}features(/|$)`, message: FEATURE_TO_FEATURE },
          { regex: `^(\\.\\./){${depth + 2}}app(/|$)`, message: FEATURE_TO_APP },
        ],
      },
    ],
  },
}));

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
  ...featureDepthBlocks,
  {
    files: [`${WEB}/{api,offline,components,lib,state}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(features|app)(/|$)', message: SHARED_TO_UPPER }] }],
    },
  },
  {
    // The offline layer is handed its transports by api/ and never reaches up into it (docs/web-guide.md).
    files: [`${WEB}/offline/**/*.{ts,tsx}`],
    // Its tests may drive it through api/, as the app does.
    ignores: [`${WEB}/offline/**/__tests__/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(features|app)(/|$)', message: SHARED_TO_UPPER },
            { regex: '^(\\.\\./)+api(/|$)', message: 'offline/ imports nothing from api/: take what it needs as a parameter, or move it to lib/.' },
          ],
        },
      ],
    },
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
    // The test harness mounts the app (testing/render.tsx), so only features are out of its reach.
    files: [`${WEB}/testing/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+features(/|$)', message: SHARED_TO_UPPER }] }],
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
