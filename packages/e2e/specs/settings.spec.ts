import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

const AI_MODELS = ['pestDetection', 'stickyTrapCounter', 'nutrientDeficiency'];

test('company settings changed on /dashboard/settings survive a reload', async ({ page, api, server }) => {
  const admin = await api.signInAdmin();
  const company = admin.user.company_id;
  const before = await api.get<{ ai_model: string }>(admin, `/api/get_company_ai_model?company_id=${company}`);
  const opacityBefore = await api.get<{ grid_opacity: number }>(admin, `/api/get_grid_opacity?company_id=${company}`);

  try {
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/settings');
    await waitForContent(page);

    // AI model: a select that saves on change.
    const model = page.getByRole('combobox', { name: /model/i });
    await expect(model).toBeEnabled();
    const target = AI_MODELS.find((m) => m !== before.ai_model)!;
    const saved = page.waitForResponse((r) => r.url().includes('/api/set_company_ai_model') && r.request().method() === 'POST');
    await model.selectOption(target);
    expect((await saved).status()).toBe(200);
    await expect(page.locator('[data-kind="success"]').first()).toBeVisible();

    // Grid opacity: a slider, saved with the tiles' save button.
    const opacity = page.getByRole('slider', { name: /opacity/i });
    await opacity.focus();
    await page.keyboard.press(opacityBefore.grid_opacity > 0.5 ? 'ArrowLeft' : 'ArrowRight');
    await page.keyboard.press(opacityBefore.grid_opacity > 0.5 ? 'ArrowLeft' : 'ArrowRight');
    const expectedOpacity = Number((await opacity.inputValue()));
    expect(expectedOpacity).not.toBe(opacityBefore.grid_opacity);
    const opacitySaved = page.waitForResponse((r) => r.url().includes('/api/set_grid_opacity') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /save tile/i }).click();
    expect((await opacitySaved).status()).toBe(200);

    await page.reload();
    await waitForContent(page);
    await expect(page.getByRole('combobox', { name: /model/i })).toHaveValue(target);
    await expect(page.getByRole('slider', { name: /opacity/i })).toHaveValue(String(expectedOpacity));

    // And the server holds them, not just this browser.
    const after = await api.get<{ ai_model: string }>(admin, `/api/get_company_ai_model?company_id=${company}`);
    expect(after.ai_model).toBe(target);
    const opacityAfter = await api.get<{ grid_opacity: number }>(admin, `/api/get_grid_opacity?company_id=${company}`);
    expect(opacityAfter.grid_opacity).toBeCloseTo(expectedOpacity, 5);
  } finally {
    // The other specs share this company: scans and video capture expect its leaf model back.
    await api.request.post(`/api/set_company_ai_model?company_id=${company}&ai_model=${before.ai_model}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  }
});
