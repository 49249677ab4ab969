import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import TemplatesPage from '../components/templates-page';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const tpl = (id: number, type: 'Grid' | 'SubGrid', name: string, rows: number, columns: number) => ({
  template_id: id, company_id: 3, template_name: name, template_type: type, rows, columns, description: null, created_by: 7, created_at: T,
});

function templatesApi() {
  const calls: Array<{ method: string; path: string; query: string; body?: string }> = [];
  let list = [tpl(1, 'SubGrid', 'Tray 2×2', 2, 2), tpl(2, 'Grid', 'Table 10×20', 20, 10)];
  server.use(
    http.get(`${API}/get_grid_templates`, ({ request }) => {
      const url = new URL(request.url);
      calls.push({ method: 'GET', path: 'get_grid_templates', query: url.search });
      return HttpResponse.json({ status: 'success', templates: list.filter((x) => x.template_type === url.searchParams.get('type')) });
    }),
    http.post(`${API}/create_grid_templates`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push({ method: 'POST', path: 'create_grid_templates', query: new URL(request.url).search });
      const created = tpl(9, q.get('template_type') as 'Grid', q.get('template_name')!, Number(q.get('rows')), Number(q.get('columns')));
      list = [...list, created];
      return HttpResponse.json({ status: 'success', message: 'Template created.', template: created });
    }),
    http.delete(`${API}/delete_grid_templates`, async ({ request }) => {
      const body = await request.text();
      calls.push({ method: 'DELETE', path: 'delete_grid_templates', query: new URL(request.url).search, body });
      const id = (JSON.parse(body) as { template_id: number }).template_id;
      list = list.filter((x) => x.template_id !== id);
      return HttpResponse.json({ status: 'success', message: 'Template deleted.', template_id: id });
    }),
  );
  return { calls };
}

const render = (path = '/dashboard/rooms/templates') => renderRoutes([{ path: '/dashboard/rooms/templates', element: <TemplatesPage /> }], path);

describe('TemplatesPage', () => {
  it('lists SubGrid templates by default and Grid templates on their tab', async () => {
    signInAs({ role: 'Regular' });
    const api = templatesApi();
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('heading', { name: 'Tray 2×2' })).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ path: 'get_grid_templates', query: '?company_id=3&type=SubGrid' });
    // Regular users use templates but neither create nor delete them.
    expect(screen.queryByRole('button', { name: 'New template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete template/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fill a box from Tray 2×2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(await screen.findByRole('heading', { name: 'Table 10×20' })).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({ query: '?company_id=3&type=Grid' });
    expect(screen.getByRole('link', { name: 'Make a grid from Table 10×20' })).toHaveAttribute('href', '/dashboard/rooms/FormEdit?template=2');
  });

  it("shows the spec's messages on the fields and sends nothing until they are filled", async () => {
    signInAs({ role: 'Admin', userId: 7, companyId: 3 });
    const api = templatesApi();
    const user = userEvent.setup();
    render();
    await screen.findByRole('heading', { name: 'Tray 2×2' });
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(within(dialog).getByLabelText(/Template name/)).toHaveAccessibleDescription('Template Name is required');
    expect(within(dialog).getByLabelText(/Rows/)).toHaveAccessibleDescription('Rows is required');
    expect(within(dialog).getByLabelText(/Columns/)).toHaveAccessibleDescription('Columns is required');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Template name/), 'Tray 3×3');
    await user.type(within(dialog).getByLabelText(/Columns/), '3');
    await user.type(within(dialog).getByLabelText(/Rows/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template "Tray 3×3" saved.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(Object.fromEntries(new URLSearchParams(post.query))).toEqual({
      template_name: 'Tray 3×3', template_type: 'SubGrid', rows: '3', columns: '3', company_id: '3', user_id: '7',
    });
    expect(await screen.findByRole('heading', { name: 'Tray 3×3' })).toBeInTheDocument();
  });

  it('deletes a template only after confirming, saying what stays', async () => {
    signInAs({ role: 'SuperAdmin' });
    const api = templatesApi();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete template Tray 2×2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete template "Tray 2×2"?' });
    expect(dialog).toHaveTextContent('grids and sub-boxes already made from it stay');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete template Tray 2×2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Tray 2×2' })).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'DELETE')).toMatchObject({ body: '{"template_id":1,"company_id":3}' });
    expect(await screen.findByText('No SubGrid templates yet')).toBeInTheDocument();
  });
});
