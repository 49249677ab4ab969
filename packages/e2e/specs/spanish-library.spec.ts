import { expect, signInThroughUi, test } from '../src/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a scout who reads Spanish finds the library, its symptoms and solutions in Spanish', async ({ page, api }) => {
  const scout = await api.newAccount('Regular', 'es-scout');
  await signInThroughUi(page, scout.email, scout.password);

  // Her own language, over the company's English default.
  await page.goto('/dashboard/profile');
  const language = page.getByRole('combobox', { name: /^language$/i });
  await expect(language).toBeEnabled();
  const saved = page.waitForResponse((r) => r.url().includes('/api/set_user_language') && r.request().method() === 'POST');
  await language.selectOption('es');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();

  // The library: names, search and the detail in Spanish; the search takes the grower's word.
  await page.goto('/dashboard/plantsProblems');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: /buscar/i });
  await search.fill('trips');
  const card = page.getByText('Trips occidental de las flores', { exact: true }).first();
  await expect(card).toBeVisible();
  await expect(page.getByText('Western flower thrips', { exact: true })).toHaveCount(0);
  await card.click();

  await expect(page.getByRole('heading', { name: 'Trips occidental de las flores' })).toBeVisible();
  await expect(page.getByText(/Frankliniella occidentalis, insecto diminuto/)).toBeVisible();
  await expect(page.getByText(/Manchas plateadas con puntitos negros/)).toBeVisible();
  // Latin and product names stay; no English sentence is left on the page.
  await expect(page.getByText(/Follow the label and local regulations/)).toHaveCount(0);
});
