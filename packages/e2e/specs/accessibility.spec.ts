import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent, type Api, type Session } from '../src/fixtures';
import { clickBox } from '../src/map';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [390, 1440] as const;
const routerFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/app/router.tsx');

/** Serious and critical axe violations on the page as it stands, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

/** The dashboard route patterns router.tsx declares (its `dashboardRoutes` list). */
function declaredDashboardRoutes(): string[] {
  const source = fs.readFileSync(routerFile, 'utf8');
  const start = source.indexOf('export const dashboardRoutes');
  const end = source.indexOf('function Root');
  const block = source.slice(start, end);
  const paths = [...block.matchAll(/(?:path: |\[)'([^']+)'/g)].map((m) => m[1]!);
  return [...new Set(['', ...paths.filter((p) => p !== '*')])];
}

interface Ids {
  roomId: number;
  batchId: number;
  templateId: number;
  templateName: string;
  problemId: number;
  gridName: string;
}

/** A room with a grid, a batch, and the ids of a built-in form template and a library problem. */
async function arrange(api: Api, as: Session, tag: string): Promise<Ids> {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const companyId = as.user.company_id;
  const room = await api.request.post(`/api/create_room?company_id=${companyId}`, { headers, multipart: { name: `A11y Room ${tag}`, description: 'Accessibility e2e' } });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const gridName = `Bench A ${tag}`;
  const grid = await api.request.post('/api/Create_grid', { headers, data: { nx: 6, ny: 4, ngrid_name: gridName, ncompany_id: companyId, nroom_id: roomId } });
  expect(grid.ok(), await grid.text()).toBe(true);
  const batch = await api.request.post('/api/create_batch', {
    headers,
    multipart: { BatchNumber: `A11Y-${tag}`, NumberOfPlants: '120', StrainName: 'Basil Genovese', company_id: String(companyId), PreBooks: '20' },
  });
  expect(batch.ok(), await batch.text()).toBe(true);
  const batchId = ((await batch.json()) as { batch: { BatchID: number } }).batch.BatchID;
  const templates = await api.get<{ templates: Array<{ TemplateID: number; TemplateName: string }> }>(as, `/api/get_form_templates?company_id=${companyId}`);
  const template = templates.templates[0]!;
  const problems = await api.get<{ problems: Array<{ problem_id: number }> }>(as, `/api/plant_problems/load_plant_problems?company_id=${companyId}`);
  return { roomId, batchId, templateId: template.TemplateID, templateName: template.TemplateName, problemId: problems.problems[0]!.problem_id, gridName };
}

/** One observed problem in the room, recorded as a scout does, so problem chips are on screen. */
async function observeProblem(page: Page, ids: Ids, problem: string) {
  await page.goto(`/dashboard/rooms/${ids.roomId}`);
  const map = page.getByRole('application', { name: new RegExp(`^${ids.gridName}, `) });
  await expect(map).toBeVisible();
  await page.getByRole('button', { name: 'Select boxes' }).click();
  for (const x of [1, 2]) await clickBox(map, x, 1);
  await expect(page.getByText('2 boxes selected')).toBeVisible();
  await page.getByRole('button', { name: 'Fill in a form for 2 boxes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Form for 2 boxes' });
  await dialog.getByRole('combobox', { name: /^Problem/ }).fill(problem);
  await dialog.getByRole('combobox', { name: /^Problem/ }).press('Tab');
  await dialog.getByText('4', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
}

/** The address to open for a route pattern, with real ids for its parameters. */
function urlFor(route: string, ids: Ids): string {
  const name = encodeURIComponent(ids.templateName);
  const filled = route
    .replace(/\/\*$/, '')
    .replace(':roomID', String(ids.roomId))
    .replace(':problemID', String(ids.problemId))
    .replace(':batchId', String(ids.batchId))
    .replace(':templateID', String(ids.templateId))
    .replace(':templateName', name)
    .replace(':kind', 'room')
    .replace(':placeId', String(ids.roomId))
    .replace(':camera_id', '1');
  const query = route === 'batches/labels' ? `?ids=${ids.batchId}` : '';
  return `/dashboard${filled ? `/${filled}` : ''}${query}`;
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  for (const path of ['/', '/signIn', '/camera', '/ai-smart-glasses']) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForContent(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('every dashboard route at 390 px and 1440 px', async ({ page, api, server }) => {
    const routes = declaredDashboardRoutes();
    test.setTimeout(60_000 + routes.length * WIDTHS.length * 15_000);
    expect(routes.length, 'routes read from router.tsx').toBeGreaterThan(20);
    const tag = randomBytes(3).toString('hex');
    const admin = await api.signInAdmin();
    const ids = await arrange(api, admin, tag);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await observeProblem(page, ids, `A11y mites ${tag}`);

    const failures: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      for (const route of routes) {
        const url = urlFor(route, ids);
        await page.goto(url);
        await waitForContent(page);
        for (const line of await seriousViolations(page)) failures.push(`${width}px ${url}: ${line}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
