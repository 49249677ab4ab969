import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { problemInBoxes, roomWithGrid } from '../src/arrange';

/** A room of 3 × 2 boxes where a scout found the same problem in every box today. */
async function arrange(api: Api, admin: Session, tag: string) {
  const { roomId, boxes } = await roomWithGrid(api, admin, `Pressure room ${tag}`, { name: 'Bench P', nx: 3, ny: 2 });
  await problemInBoxes(api, admin, `Pressure walk ${tag}`, boxes, `Pressure thrips ${tag}`);
  return { roomId, problem: `Pressure thrips ${tag}` };
}

test('pressure over time: the slider moves through the weeks, play runs, the legend and the hot spot show', async ({ page, api, server }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const { roomId, problem } = await arrange(api, await api.signInAdmin(), tag);
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto(`/dashboard/rooms/${roomId}`);
  await expect(page.getByRole('application', { name: /Bench P/ })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('switch', { name: 'Pressure over time' }).click();
  const controls = page.getByRole('region', { name: 'Pressure over time' });
  const slider = controls.getByRole('slider', { name: /Shown/ });
  await expect(slider).toBeVisible();
  // Today's week is shown first: every box has one observation, so the whole bench is one hot spot.
  await expect(controls.getByTestId('pressure-summary')).toHaveText('Boxes with pressure: 6 · hot spots: 1');
  await expect(slider).toHaveAttribute('max', '11');
  await expect(slider).toHaveValue('11');
  const label = controls.getByTestId('pressure-frame-label');
  const thisWeek = await label.textContent();
  expect(thisWeek).toMatch(/^week of .+ – .+$/);
  await expect(slider).toHaveAttribute('aria-valuetext', thisWeek!);

  const legend = controls.getByTestId('pressure-legend');
  await expect(legend).toContainText('Pressure per box');
  await expect(legend.getByRole('listitem')).toHaveCount(7);
  await expect(legend).toContainText('Hot spot: touching boxes at 1 or more');

  // The keyboard moves the slider a week back: another week, nothing seen then.
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue('10');
  await expect(label).not.toHaveText(thisWeek!);
  await expect(controls.getByTestId('pressure-summary')).toHaveText('Boxes with pressure: 0 · hot spots: 0');

  // Play from the first week runs on to this week and stops there.
  await page.keyboard.press('Home');
  await expect(slider).toHaveValue('0');
  await controls.getByRole('button', { name: 'Play' }).click();
  await expect(controls.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(slider).not.toHaveValue('0');
  await expect(slider).toHaveValue('11', { timeout: 20_000 });
  await expect(controls.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(label).toHaveText(thisWeek!);

  // One problem, and days instead of weeks: 84 frames from one request each.
  await controls.getByRole('combobox', { name: 'Problem' }).selectOption(problem);
  await expect(controls.getByTestId('pressure-summary')).toHaveText('Boxes with pressure: 6 · hot spots: 1');
  await controls.getByRole('button', { name: 'Days' }).click();
  await expect(slider).toHaveAttribute('max', '83');
  await expect(controls.getByTestId('pressure-summary')).toHaveText('Boxes with pressure: 6 · hot spots: 1');
});
