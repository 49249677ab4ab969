import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import TemplateEditorPage from '../components/template-editor-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeField, makeTemplate } from './fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function api() {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const stored = makeTemplate({
    TemplateID: 77,
    TemplateName: 'Bench check',
    DefaultForType: null,
    FormCategory: 'scouting',
    fields: [
      makeField(101, 'Pests seen', 'select', { TemplateID: 77, FieldOptions: ['No', 'Yes'], IsRequired: true, Position: 0 }),
      makeField(102, 'Trap replaced', 'checkbox', { TemplateID: 77, Position: 1 }),
      makeField(103, 'Which pest', 'text', { TemplateID: 77, IsRequired: true, Position: 2, CSSClass: 'wide' }),
    ],
  });
  server.use(
    http.post(`${API}/save_form_template`, async ({ request }) => {
      calls.push({ path: 'save_form_template', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ status: 'success', message: 'Form template saved.', template: stored });
    }),
    http.post(`${API}/add_hide_field_until_link`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: 'add_hide_field_until_link', body });
      return HttpResponse.json({ status: 'success', message: 'Hide-until link added.', link: { form_field_hidden_UID: '7d8e5f0a-1b2c-4d3e-8f9a-0b1c2d3e4f5a', ...body } });
    }),
    http.get(`${API}/get_form_templates`, () => HttpResponse.json({ status: 'success', templates: [stored] })),
  );
  return calls;
}

const routes = [
  { path: '/dashboard/formbuilder/new', element: <TemplateEditorPage /> },
  { path: '/dashboard/formbuilder/:templateID/:templateName', element: <TemplateEditorPage /> },
  { path: '/dashboard/formbuilder', element: <p>List</p> },
];

async function addField(user: ReturnType<typeof userEvent.setup>, type: string, name: string) {
  await user.selectOptions(screen.getByLabelText('Field type to add'), type);
  await user.click(screen.getByRole('button', { name: 'Add field' }));
  const input = screen.getAllByLabelText(/^Field name/).at(-1)!;
  expect(input).toHaveFocus();
  await user.type(input, name);
  return input.closest('li')!;
}

describe('TemplateEditorPage', () => {
  it('builds a template, reorders with the keyboard and saves with the spec payload, then the hide-until link', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    const calls = api();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/formbuilder/new');

    await user.type(await screen.findByLabelText(/^Template name/), 'Bench check');
    await user.type(screen.getByLabelText('Category'), 'scouting');

    const pests = await addField(user, 'select', 'Pests seen');
    await user.type(within(pests).getByLabelText(/^Options/), 'No{Enter}Yes');
    await user.click(within(pests).getByRole('switch', { name: 'Required' }));

    const which = await addField(user, 'text', 'Which pest');
    await user.click(within(which).getByRole('switch', { name: 'Required' }));
    await user.type(within(which).getByLabelText('CSS class'), 'wide');
    await user.selectOptions(within(which).getByLabelText('Show this field'), 'Pests seen');
    await user.selectOptions(within(which).getByLabelText(/only when Pests seen is/), 'Yes');

    await addField(user, 'checkbox', 'Trap replaced');

    // The preview hides "Which pest" until "Pests seen" is Yes.
    const preview = screen.getByRole('complementary', { name: 'Preview' });
    expect(within(preview).queryByLabelText(/^Which pest/)).not.toBeInTheDocument();
    await user.selectOptions(within(preview).getByLabelText(/^Pests seen/), 'Yes');
    expect(within(preview).getByLabelText(/^Which pest/)).toBeInTheDocument();

    // Keyboard reorder: "Trap replaced" moves above "Which pest".
    screen.getByRole('button', { name: 'Move Trap replaced up' }).focus();
    await user.keyboard('{Enter}');
    const order = within(screen.getByRole('list', { name: 'Fields' }))
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-label'));
    expect(order).toEqual(['Field 1: Pests seen', 'Field 2: Trap replaced', 'Field 3: Which pest']);

    await user.click(screen.getAllByRole('button', { name: 'Save template' })[0]!);
    expect(await screen.findByText('Template "Bench check" created.')).toBeInTheDocument();

    expect(calls.map((c) => c.path)).toEqual(['save_form_template', 'add_hide_field_until_link']);
    expect(calls[0]!.body).toEqual({
      templateName: 'Bench check',
      companyID: 3,
      FormCategory: 'scouting',
      PageCSS: '',
      fields: [
        { fieldName: 'Pests seen', fieldType: 'select', fieldOptions: ['No', 'Yes'], report_id: null, cssClass: '', isRequired: 1, position: 0 },
        { fieldName: 'Trap replaced', fieldType: 'checkbox', fieldOptions: [], report_id: null, cssClass: '', isRequired: 0, position: 1 },
        { fieldName: 'Which pest', fieldType: 'text', fieldOptions: [], report_id: null, cssClass: 'wide', isRequired: 1, position: 2 },
      ],
    });
    expect(calls[1]!.body).toEqual({ form_field_hidden_FieldID: 103, form_field_linked_FieldID: 101, form_field_linked_input: 'Yes' });
    expect(router.state.location.pathname).toBe('/dashboard/formbuilder/77/Bench%20check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit form template' })).toBeInTheDocument();
    expect((await screen.findAllByText('Bench check', { selector: 'p' })).length).toBeGreaterThan(0);
  });

  it('refuses to save without a name or fields and says what is missing', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    api();
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/formbuilder/new');
    await user.click((await screen.findAllByRole('button', { name: 'Save template' }))[0]!);
    expect(screen.getByText('Template name is required.')).toBeInTheDocument();
    expect(screen.getByText('Add at least one active field.')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    api();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/formbuilder/new');
    await user.type(await screen.findByLabelText(/^Template name/), 'Draft');
    await router.navigate('/dashboard/formbuilder');
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/dashboard/formbuilder/new');
  });
});
