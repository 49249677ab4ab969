import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageForm } from '../components/profile-page';
import { renderPage } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { companySettingsHandlers } from '../../../testing/settings-handlers';
import { i18n } from '../../../lib/i18n';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await i18n.changeLanguage('en');
});
afterAll(() => server.close());

describe('LanguageForm', () => {
  it("offers the company's default by name, applies an own choice at once and can go back to the default", async () => {
    signInAs({ userId: 7, companyId: 3 });
    const company = companySettingsHandlers({ language: 'es' });
    server.use(...company.handlers);
    const user = userEvent.setup();
    const { store } = renderPage(<LanguageForm userId={7} companyId={3} />, '/dashboard/profile');

    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveDisplayValue('Company default (Español)');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Company default (Español)', 'English', 'Español', 'Nederlands', 'Français']);

    await user.selectOptions(select, 'Nederlands');
    await waitFor(() => expect(store.store.getState().preferences.language).toBe('nl'));
    expect(company.writes.at(-1)).toMatchObject({ path: '/set_user_language', body: JSON.stringify({ user_id: 7, language: 'nl' }) });
    await waitFor(() => expect(i18n.language).toBe('nl'));
    // The form itself now speaks Dutch: the label and the company default are translated.
    const dutch = await screen.findByRole('combobox', { name: 'Taal' });
    expect(await screen.findByText('Verdant staat nu op Nederlands.')).toBeInTheDocument();
    expect(dutch).toHaveDisplayValue('Nederlands');

    await user.selectOptions(dutch, 'Bedrijfsstandaard (Español)');
    await waitFor(() => expect(store.store.getState().preferences.language).toBe('es'));
    expect(company.writes.at(-1)).toMatchObject({ path: '/set_user_language', body: JSON.stringify({ user_id: 7, language: null }) });
  });
});
