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

describe('web import direction (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: REPO });
  async function lint(file: string, source: string) {
    const [result] = await eslint.lintText(source, { filePath: join(REPO, 'packages/web/src', file) });
    return result!.messages.map((m) => ({ line: m.line, rule: m.ruleId, message: m.message }));
  }

  it.each([
    ['a feature importing another feature', 'features/a/x.ts', "import { y } from '../b/y';"],
    ['a feature component importing another feature', 'features/a/components/x.tsx', "import { y } from '../../b/components/y';"],
    ['a nested feature file importing another feature', 'features/a/components/sub/x.tsx', "export { y } from '../../../b/lib/y';"],
    ['a feature importing app/', 'features/a/components/x.tsx', "import { y } from '../../../app/router';"],
    ['lib/ importing a feature', 'lib/x.ts', "import { y } from '../features/b/y';"],
    ['api/ importing app/', 'api/queries/x.ts', "import { y } from '../../app/provider';"],
    ['components/ importing a feature', 'components/ui/x.tsx', "import { y } from '../../features/b/y';"],
    ['offline/ importing a feature', 'offline/x.ts', "import { y } from '../features/b/y';"],
    ['testing/ importing a feature', 'testing/x.ts', "import { y } from '../features/b/__tests__/fixtures';"],
  ])('rejects %s', async (_name, file, line) => {
    const messages = await lint(file, `${line}\nexport const z = y;\n`);
    expect(messages).toContainEqual(expect.objectContaining({ line: 1, rule: 'no-restricted-imports' }));
  }, 30_000);

  it('accepts a feature importing shared code and its own files', async () => {
    const source = [
      "import { y } from '../../../lib/cn';",
      "import { a } from '../../../api/http';",
      "import { b } from '../../../components/ui';",
      "import { c } from '../api/use-a';",
      "import { d } from './sub/d';",
      "import { e } from '../sub/e';",
      'export const z = [y, a, b, c, d, e];',
      '',
    ].join('\n');
    expect(await lint('features/a/components/x.tsx', source)).toEqual([]);
    expect(await lint('features/a/components/sub/x.tsx', source.replaceAll("'../../../", "'../../../../"))).toEqual([]);
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
        if (!fileName.startsWith('.')) continue;
        const base = resolve(dirname(file), fileName);
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
