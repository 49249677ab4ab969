/**
 * Initial JavaScript per route: what the browser downloads before a route's first render, gzipped,
 * beside the 200 KiB budget. Reads the Vite manifest of packages/web/dist, or of `--dist <dir>` (builds
 * first with `--build`, or when there is no manifest; building the shared dist needs the e2e lock,
 * building into a folder of your own does not).
 *
 * A route's initial JavaScript is the entry chunk, the route's lazy page chunk(s), and every chunk
 * either of them imports statically (transitively). Dynamic imports (other pages, charts, the QR
 * decoder, the offline database) are not initial and are not counted.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { machineLine, writeResultsSection } from './lib/results.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
/** `--dist <dir>` reads (and with `--build` writes) another output folder, e.g. to measure beside the shared dist. */
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 && process.argv[distArg + 1] ? path.resolve(process.argv[distArg + 1]!) : path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
export const BUDGET_KIB = 200;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The routes under budget and the lazy modules (manifest keys) each renders first: its page, the
 * dashboard shell for dashboard routes, and the English texts of the namespaces on screen (lib/i18n
 * loads the core ones before the first render, the page's own as the page renders).
 */
const en = (ns: string) => (ns === 'app' ? 'src/app/locales/en.json' : `src/features/${ns}/locales/en.json`);
const core = [en('app'), 'src/components/offline-status/locales/en.json'];
export const ROUTES: Array<{ route: string; pages: string[] }> = [
  { route: '/signIn', pages: ['src/features/auth/components/sign-in-page.tsx', ...core, en('auth')] },
  {
    route: '/dashboard/quickview',
    pages: ['src/app/layout/dashboard-layout.tsx', 'src/features/quickview/components/quickview-page.tsx', ...core, en('quickview')],
  },
];

/** Manifest keys of the chunks a route loads before its first render. */
export function initialChunks(manifest: Manifest, pages: string[]): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk.');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key} (was the page moved?).`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entry);
  for (const page of pages) visit(page);
  return [...seen];
}

const gzipKiB = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

function build() {
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: web, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('vite build failed');
}

function main() {
  if (process.argv.includes('--build') || !fs.existsSync(manifestFile)) build();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const rows = ROUTES.map(({ route, pages }) => {
    const chunks = initialChunks(manifest, pages).map((k) => ({ file: manifest[k]!.file, kib: gzipKiB(manifest[k]!.file) }));
    const total = chunks.reduce((s, c) => s + c.kib, 0);
    return { route, total, chunks: chunks.sort((a, b) => b.kib - a.kib) };
  });

  const lines = [
    '## Initial JavaScript per route (gzipped)',
    '',
    `Written by \`npm run bench:bundle -w @verdant/bench\` (bench/bundle-size.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- read from ${path.relative(root, manifestFile)}: entry + the route page chunk (and the dashboard shell) + its English texts + their static imports; gzip level 9`,
    '',
    `| route | initial JS (gzip KiB) | budget KiB | within budget | chunks | largest chunks |`,
    '|:--|--:|--:|:--|--:|:--|',
    ...rows.map(
      (r) =>
        `| ${r.route} | ${r.total.toFixed(1)} | ${BUDGET_KIB} | ${r.total <= BUDGET_KIB ? 'yes' : 'NO'} | ${r.chunks.length} | ${r.chunks
          .slice(0, 4)
          .map((c) => `${c.file.replace(/^assets\//, '')} ${c.kib.toFixed(1)}`)
          .join(', ')} |`,
    ),
  ];
  const markdown = lines.join('\n');
  console.info(markdown);
  writeResultsSection('bundle-size', markdown);
  if (rows.some((r) => r.total > BUDGET_KIB)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
