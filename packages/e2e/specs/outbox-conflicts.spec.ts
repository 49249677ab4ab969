import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughUi, test } from '../src/fixtures';
import { okJson, problemInBoxes, roomWithGrid } from '../src/arrange';
import { clickBox } from '../src/map';

/**
 * Issue 25 — conflicts and discards you can see. Offline, a phone (or a desktop) renames three boxes; a
 * colleague renames two of them on the server meanwhile. Back online, the two come back as conflicts showing
 * both names; one is settled with "Keep mine", the other with "Keep theirs". The third was discarded offline
 * and restored from the history, and arrives once with its own key.
 *
 * At 390 px, a problem: resolved offline while a colleague dismissed it on the server. Back online it is a
 * conflict ("resolved" against "dismissed"); Keep mine reopens it and then resolves it, each applied once
 * and audited in that order after the colleague's dismiss.
 */

interface RoomTree {
  rooms: Array<{ grids: Array<{ grid_boxes: Array<{ id: number; X: number; Y: number; CustomName: string | null }> }> }>;
}

/** Client-side navigation (the page's code is loaded; offline there is no server to load a page from). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function renameBox(page: Page, map: Locator, x: number, y: number, name: string) {
  await clickBox(map, x, y);
  const panel = page.getByRole('complementary', { name: 'Grid box' });
  await expect(panel.getByRole('heading', { name: `${x},${y}` })).toBeVisible({ timeout: 20_000 });
  await panel.getByLabel('Box name').fill(name);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Box renamed to "${name}".`).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Close box details' }).click();
  await expect(panel).toBeHidden();
}

const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1440, height: 900 },
] as const;

for (const vp of VIEWPORTS) {
  test.describe(`outbox conflicts at ${vp.width} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test(`${vp.label}: a rename changed on the server meanwhile is a conflict, kept mine or theirs; a discarded rename is restored and sent once`, async ({
      page,
      context,
      api,
      server,
    }) => {
      test.setTimeout(240_000);
      const tag = randomBytes(3).toString('hex');
      const admin = await api.signInAdmin();
      const { headers, companyId, roomId } = await roomWithGrid(api, admin, `Clash room ${tag}`, { name: 'Bench K', nx: 3, ny: 2 });
      const tree = async () => (await api.get<RoomTree>(admin, `/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`)).rooms[0]!.grids[0]!.grid_boxes;
      const boxAt = async (x: number, y: number) => (await tree()).find((b) => b.X === x && b.Y === y)!;
      const [a, b, c] = [await boxAt(1, 1), await boxAt(2, 1), await boxAt(3, 1)];
      const mine = { a: `Mine A ${tag}`, b: `Mine B ${tag}`, c: `Mine C ${tag}` };
      const theirs = { a: `Theirs A ${tag}`, b: `Theirs B ${tag}` };

      await signInThroughUi(page, server.admin.email, server.admin.password);
      // The outbox, online first (its code is then on the page): nothing in its history on this device yet.
      await navigate(page, '/dashboard/outbox');
      await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('No history yet')).toBeVisible();
      await navigate(page, `/dashboard/rooms/${roomId}`);
      const map = page.getByRole('application', { name: 'Bench K, 3 columns by 2 rows' });
      await expect(map).toBeVisible({ timeout: 30_000 });
      // Open and close a box online once, so the box panel's code is loaded too.
      await clickBox(map, 1, 2);
      const firstPanel = page.getByRole('complementary', { name: 'Grid box' });
      await expect(firstPanel.getByRole('heading', { name: '1,2' })).toBeVisible({ timeout: 20_000 });
      await firstPanel.getByRole('button', { name: 'Close box details' }).click();

      // Offline: three renames wait in the outbox.
      await context.setOffline(true);
      await renameBox(page, map, 1, 1, mine.a);
      await renameBox(page, map, 2, 1, mine.b);
      await renameBox(page, map, 3, 1, mine.c);

      // The third is discarded (after confirming), then restored from the history.
      await navigate(page, '/dashboard/outbox');
      const list = page.getByRole('list', { name: 'Changes on this device' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      const rowC = list.getByRole('listitem').filter({ hasText: mine.c });
      await rowC.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const history = page.getByRole('list', { name: "History of this device's changes" });
      const discarded = history.getByRole('listitem').filter({ hasText: 'Discarded' });
      await expect(discarded).toHaveCount(1);
      await expect(discarded).toContainText(/Discarded by .+\./);
      await expect(discarded).not.toContainText('someone on this device');
      await discarded.getByRole('button', { name: 'Restore' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(history.getByRole('listitem').filter({ hasText: 'Restored' }).first()).toBeVisible();
      await expect(discarded.getByRole('button', { name: 'Restore' })).toHaveCount(0);

      // Meanwhile a colleague renames boxes A and B on the server.
      for (const [box, name] of [
        [a, theirs.a],
        [b, theirs.b],
      ] as const) {
        await okJson(await api.request.post('/api/update_grid_box_name', { headers, form: { GridBoxID: String(box.id), custom_name: name } }));
      }

      // Online: C arrives; A and B are conflicts with both names, nothing overwritten.
      await context.setOffline(false);
      const rowA = list.getByRole('listitem').filter({ hasText: mine.a });
      const rowB = list.getByRole('listitem').filter({ hasText: mine.b });
      await expect(rowA.getByText('Changed on the server', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(rowB.getByText('Changed on the server', { exact: true })).toBeVisible();
      await expect(rowA.getByTestId('conflict-mine')).toHaveText(mine.a);
      await expect(rowA.getByTestId('conflict-theirs')).toHaveText(theirs.a);
      await expect(rowB.getByTestId('conflict-theirs')).toHaveText(theirs.b);
      await expect(list.getByRole('listitem').filter({ hasText: mine.c }).getByText('Sent', { exact: true })).toBeVisible();
      let names = await tree();
      expect(names.find((x) => x.id === a.id)!.CustomName).toBe(theirs.a);
      expect(names.find((x) => x.id === b.id)!.CustomName).toBe(theirs.b);
      expect(names.find((x) => x.id === c.id)!.CustomName).toBe(mine.c);
      if (vp.width <= 390) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`outbox-conflicts-${vp.label}.png`), fullPage: true });

      // Keep mine on A: sent again without the precondition; keep theirs on B: dropped.
      await rowA.getByRole('button', { name: 'Keep mine' }).click();
      await expect(rowA.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
      await rowB.getByRole('button', { name: 'Keep theirs' }).click();
      await expect(list.getByRole('listitem').filter({ hasText: mine.b })).toHaveCount(0);
      await expect(history.getByRole('listitem').filter({ hasText: 'Kept mine' }).first()).toContainText(`kept “${mine.a}” over “${theirs.a}”`);
      await expect(history.getByRole('listitem').filter({ hasText: 'Kept theirs' }).first()).toContainText(`kept “${theirs.b}”; “${mine.b}” was not sent`);
      await expect(history.getByRole('listitem').filter({ hasText: 'Conflict' })).toHaveCount(2);

      names = await tree();
      expect(names.find((x) => x.id === a.id)!.CustomName).toBe(mine.a);
      expect(names.find((x) => x.id === b.id)!.CustomName).toBe(theirs.b);
      expect(names.find((x) => x.id === c.id)!.CustomName).toBe(mine.c);
      // Each rename applied once: the colleague's two, C once (restored with its own key), A once after Keep mine, B never.
      const audit = await api.get<{ events: Array<{ Action: string; EntityID: string | null; after: { CustomName?: string | null } | null }> }>(
        admin,
        `/api/get_audit_events?company_id=${companyId}&action=grid_box.renamed&limit=500`,
      );
      const renames = audit.events.filter((e) => [a.id, b.id, c.id].map(String).includes(String(e.EntityID))).map((e) => e.after?.CustomName);
      expect(renames.sort()).toEqual([mine.a, mine.c, theirs.a, theirs.b].sort());
      await page.screenshot({ path: test.info().outputPath(`outbox-settled-${vp.label}.png`), fullPage: true });
    });
  });
}

test.describe('outbox: keep mine over a problem closed by someone else, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a resolve of a problem a colleague dismissed meanwhile: keep mine reopens it, then resolves it, once each', async ({ page, context, api, server }) => {
    test.setTimeout(240_000);
    const tag = randomBytes(3).toString('hex');
    const problem = `Thrips ${tag}`;
    const admin = await api.signInAdmin();
    const { headers, companyId, boxes } = await roomWithGrid(api, admin, `Closed room ${tag}`, { name: 'Bench P', nx: 2, ny: 1 });
    await problemInBoxes(api, admin, `Walk ${tag}`, boxes.slice(0, 1), problem);
    const observations = async () =>
      (await api.get<{ observations: Array<{ ProblemID: number; Status: string }> }>(admin, `/api/get_problem_observations?company_id=${companyId}&problem=${encodeURIComponent(problem)}`))
        .observations;
    const [observation] = await observations();
    expect(observation!.Status).toBe('open');

    await signInThroughUi(page, server.admin.email, server.admin.password);
    // The outbox and the observations online first (their code is then on the page).
    await navigate(page, '/dashboard/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible({ timeout: 30_000 });
    await navigate(page, `/dashboard/observations?problem=${encodeURIComponent(problem)}`);
    const row = page.getByRole('list', { name: 'Observations' }).getByRole('listitem').filter({ hasText: problem });
    await expect(row).toHaveCount(1, { timeout: 30_000 });

    // Offline: the scout resolves it; it waits in the outbox.
    await context.setOffline(true);
    await row.getByRole('button', { name: `Resolve ${problem}` }).click();
    await expect(row.getByText('Resolved').first()).toBeVisible();

    // Meanwhile a colleague dismisses it on the server.
    await okJson(await api.request.post('/api/manage_problem', { headers, data: { problemID: observation!.ProblemID, action: 'dismiss', userID: admin.user.user_id } }));

    await navigate(page, '/dashboard/outbox');
    const list = page.getByRole('list', { name: 'Changes on this device' });
    const item = list.getByRole('listitem').filter({ hasText: `Resolve problem · ${problem}` });
    await expect(item.getByText('Waiting', { exact: true })).toBeVisible();
    await context.setOffline(false);
    await expect(item.getByText('Changed on the server', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(item.getByTestId('conflict-mine')).toHaveText('resolved');
    await expect(item.getByTestId('conflict-theirs')).toHaveText('dismissed');
    await expect(item.getByText('Keep mine reopens the problem, then marks it resolved.')).toBeVisible();
    expect((await observations())[0]!.Status).toBe('dismissed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('outbox-closed-problem-390.png'), fullPage: true });

    await item.getByRole('button', { name: 'Keep mine' }).click();
    await expect(item.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
    const history = page.getByRole('list', { name: "History of this device's changes" });
    await expect(history.getByRole('listitem').filter({ hasText: 'Kept mine' }).first()).toContainText('kept “resolved” over “dismissed”');
    await expect(history.getByRole('listitem').filter({ hasText: 'Reopened on the server first' })).toHaveCount(1);
    expect((await observations())[0]!.Status).toBe('resolved');

    // Audited by the server as usual, once each, in order: the colleague's dismiss, the reopen, the resolve.
    const audit = await api.get<{ events: Array<{ id: number; Action: string; EntityID: string | null }> }>(admin, `/api/get_audit_events?company_id=${companyId}&limit=500`);
    const trail = audit.events
      .filter((e) => e.EntityID === String(observation!.ProblemID) && e.Action.startsWith('problem.'))
      .sort((x, y) => x.id - y.id)
      .map((e) => e.Action);
    expect(trail).toEqual(['problem.dismiss', 'problem.reopen', 'problem.resolve']);
    await page.screenshot({ path: test.info().outputPath('outbox-closed-problem-settled-390.png'), fullPage: true });
  });
});
