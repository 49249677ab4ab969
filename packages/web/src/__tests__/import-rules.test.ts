import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..');
const REPO = resolve(SRC, '../../..');
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('web import direction by zone (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: REPO });
  async function lint(file: string, source: string) {
    const [result] = await eslint.lintText(source, { filePath: join(REPO, 'packages/web/src', file) });
    return result!.messages.map((m) => ({ line: m.line, rule: m.ruleId, message: m.message }));
  }
  /** The file imports `spec` and uses it, so only the import rules can complain. */
  const importing = (spec: string, how = 'import { y } from') => `${how} '${spec}';\nexport const z = y;\n`;

  // Every target is a real file, so the refusal is the zone rule, not an unresolved path.
  it.each([
    ['a feature importing another feature', 'features/overview/components/x.tsx', '../../rooms/lib/box-label'],
    ['a feature importing another feature through @/', 'features/overview/components/x.tsx', '@/features/rooms/lib/box-label'],
    ["a sub-feature importing another feature's internals", 'features/rooms/map/components/x.tsx', '../../../overview/components/quick-links'],
    ["a feature importing another feature's sub-feature", 'features/overview/x.ts', '../rooms/map/components/grid-map'],
    ["a feature's shared root importing its own sub-feature", 'features/rooms/api/x.ts', '../map/api/use-image'],
    ['a feature importing app/', 'features/rooms/map/components/x.tsx', '../../../../app/router'],
    ['a feature importing offline/ (api/ stands between)', 'features/rooms/components/x.tsx', '@/offline/db'],
    ["a feature's test importing another feature", 'features/overview/__tests__/x.test.tsx', '../../rooms/lib/box-label'],
    ['offline/ importing api/', 'offline/x.ts', '../api/http-client'],
    ['offline/ importing api/ through @/', 'offline/x.ts', '@/api/http-client'],
    ['lib/ importing components/', 'lib/x.ts', '../components/icons'],
    ['lib/ importing state/', 'lib/x.ts', '@/state/hooks'],
    ['lib/ importing a feature', 'lib/x.ts', '../features/rooms/lib/box-label'],
    ['components/ importing a feature', 'components/ui/x.tsx', '../../features/rooms/lib/box-label'],
    ['api/ importing components/', 'api/queries/x.ts', '../../components/icons'],
    ['api/ importing app/', 'api/queries/x.ts', '../../app/provider'],
    ['state/ importing api/', 'state/x.ts', '@/api/http-client'],
    ['testing/ importing a feature', 'testing/x.ts', '../features/rooms/lib/box-label'],
    ['shipped code importing the test harness', 'features/rooms/map/components/x.tsx', '@/testing/render'],
    ['main.tsx importing a feature', 'main.tsx', './features/rooms/lib/box-label'],
  ])('rejects %s', async (_name, file, spec) => {
    const messages = await lint(file, importing(spec));
    expect(messages).toEqual([expect.objectContaining({ line: 1, rule: 'boundaries/dependencies' })]);
  }, 30_000);

  it('rejects a re-export and a lazy import across zones as an import', async () => {
    expect(await lint('lib/x.ts', "export { boxLabel } from '../features/rooms/lib/box-label';\n")).toEqual([
      expect.objectContaining({ line: 1, rule: 'boundaries/dependencies' }),
    ]);
    expect(await lint('offline/x.ts', "export const load = () => import('../api/http-client');\n")).toEqual([
      expect.objectContaining({ line: 1, rule: 'boundaries/dependencies' }),
    ]);
  }, 30_000);

  it('rejects shipped code importing a path that lands in no zone', async () => {
    const messages = await lint('features/rooms/components/x.tsx', importing('../../../nowhere/y'));
    expect(messages).toEqual([expect.objectContaining({ line: 1, rule: 'boundaries/no-unknown-dependencies' })]);
  }, 30_000);

  it.each([
    ['a sub-feature importing its feature root, a sibling and shared code', 'features/rooms/map/components/x.tsx', [
      '../../lib/box-label', '@/features/rooms/api/use-rooms', '../../scouting/components/box-panel', '../api/use-image',
      '@/lib/cn', '../../../../api/queries/rooms', '@/components/ui', '@/state/hooks', '@verdant/contract',
    ]],
    ["a feature's root importing itself and shared code", 'features/rooms/api/x.ts', ['./use-rooms', '../lib/box-label', '@/api/queries/rooms']],
    ["a feature's test importing its sub-features, offline/ and the harness", 'features/rooms/__tests__/x.test.tsx', [
      '../map/components/room-page', '../../../offline/db', '@/testing/render',
    ]],
    ['api/ importing offline/', 'api/x.ts', ['../offline/db', '@/offline/network', '@/lib/http-error']],
    ['offline/ importing lib/', 'offline/x.ts', ['../lib/http-error', '@/offline/db']],
    ['app/ importing features and sub-features', 'app/x.tsx', ['../features/overview/components/quick-links', '@/features/rooms/map/components/room-page']],
    ['main.tsx importing app/ and its stylesheet', 'main.tsx', ['./app/router', './index.css']],
  ])('accepts %s', async (_name, file, specs) => {
    const source = specs.map((spec, i) => `import * as m${i} from '${spec}';`).join('\n');
    expect(await lint(file, `${source}\nexport const z = [${specs.map((_, i) => `m${i}`).join(', ')}];\n`)).toEqual([]);
  }, 30_000);

  it('rejects a hard-coded /dashboard link outside lib/paths.ts', async () => {
    const source = "export const a = '/dashboard/rooms';\nexport const b = (id: number) => `/dashboard/rooms/${id}`;\n";
    const messages = await lint('features/a/components/x.tsx', source);
    expect(messages.map((m) => [m.line, m.rule])).toEqual([
      [1, 'no-restricted-syntax'],
      [2, 'no-restricted-syntax'],
    ]);
    expect(await lint('lib/paths.ts', source)).toEqual([]);
  }, 30_000);
});

describe('web source files', () => {
  const files = sourceFiles(SRC);

  it('import each other without cycles', () => {
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets: string[] = [];
      for (const { fileName } of importedFiles) {
        // Relative and `@/` (packages/web/src) imports; packages are outside the graph.
        if (!fileName.startsWith('.') && !fileName.startsWith('@/')) continue;
        const base = fileName.startsWith('@/') ? join(SRC, fileName.slice(2)) : resolve(dirname(file), fileName);
        const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) =>
          files.includes(c),
        );
        if (hit) targets.push(hit);
      }
      edges.set(file, targets);
    }

    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === 'open') {
          cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(SRC, f)).join(' → '));
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it(`stay within ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file: relative(SRC, file).split(sep).join('/'), lines: readFileSync(file, 'utf8').trimEnd().split('\n').length }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
