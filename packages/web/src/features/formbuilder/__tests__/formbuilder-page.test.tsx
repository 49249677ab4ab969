import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import FormbuilderPage from '../components/formbuilder-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeTemplate } from './fixtures';
import { describeSameKeys } from '../../../testing/locale-keys';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('FormbuilderPage', () => {
  it('lists templates with category, default badge and field count, and deletes only after confirming', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    const deletes: unknown[] = [];
    let templates = [makeTemplate()];
    server.use(
      http.get(`${API}/get_form_templates`, () => HttpResponse.json({ status: 'success', templates })),
      http.delete(`${API}/delete_template`, async ({ request }) => {
        deletes.push(await request.json());
        templates = [];
        return HttpResponse.json({ status: 'success', message: 'Form template retired; its responses stay readable.', template_id: 50, retired: true });
      }),
    );
    const user = userEvent.setup();
    renderPage(<FormbuilderPage />);
    expect(await screen.findByRole('link', { name: 'Scouting' })).toBeInTheDocument();
    expect(screen.getByText('Default for Scouting')).toBeInTheDocument();
    expect(screen.getByText('Scouting · 1 field')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Scouting' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete "Scouting"?' });
    expect(dialog).toHaveTextContent(/already has answers is retired/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Scouting' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText(/"Scouting" has answers, so it was retired/)).toBeInTheDocument();
    expect(deletes).toEqual([{ template_id: 50 }]);
    expect(await screen.findByText('No form templates yet')).toBeInTheDocument();
  });

  it('shows the fallback text when a delete fails without a server message', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    server.use(
      http.get(`${API}/get_form_templates`, () => HttpResponse.json({ status: 'success', templates: [makeTemplate()] })),
      http.delete(`${API}/delete_template`, () => new HttpResponse(null, { status: 502 })),
    );
    const user = userEvent.setup();
    renderPage(<FormbuilderPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Scouting' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Failed to delete template.')).toBeInTheDocument();
  });

  it('regular users can fill forms in but not change them', async () => {
    signInAs({ role: 'Regular', companyId: 3 });
    server.use(http.get(`${API}/get_form_templates`, () => HttpResponse.json({ status: 'success', templates: [makeTemplate()] })));
    renderPage(<FormbuilderPage />);
    expect(await screen.findByRole('link', { name: 'Fill in Scouting' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Scouting' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore built-in templates' })).not.toBeInTheDocument();
  });
});

describeSameKeys('formbuilder texts', { en, es, nl, fr });
