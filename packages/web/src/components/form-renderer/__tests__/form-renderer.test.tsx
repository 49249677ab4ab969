import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormField } from '@verdant/contract';
import { FormRenderer, scopePageCss, toFieldResponses, visibleFieldIds, type RenderableTemplate } from '..';
import { renderPage } from '../../../testing/render';

const field = (id: number, name: string, type: string, extra: Partial<FormField> = {}): FormField => ({
  FieldID: id, TemplateID: 1, FieldName: name, FieldType: type, FieldOptions: [], IsRequired: false, IsActive: true,
  CSSClass: '', report_id: null, Position: id, HideUntil: null, ...extra,
});
const hidden = (id: number, linked: number, input: string) => ({
  form_field_hidden_UID: `uid-${id}`, form_field_hidden_FieldID: id, form_field_linked_FieldID: linked, form_field_linked_input: input,
});

const template: RenderableTemplate = {
  TemplateName: 'Room walk',
  PageCSS: '.field-notes { min-height: 96px; }',
  fields: [
    field(1, 'Pests seen', 'select', { FieldOptions: ['No', 'Yes'], IsRequired: true }),
    field(2, 'Problem', 'problem', { IsRequired: true, HideUntil: hidden(2, 1, 'yes') }),
    field(3, 'Which pests', 'multi-select', { FieldOptions: ['Thrips', 'Aphids'], HideUntil: hidden(3, 2, 'Thrips') }),
    field(4, 'Notes', 'textarea', { CSSClass: 'field-notes' }),
    field(5, 'Old field', 'text', { IsActive: false }),
  ],
};

async function setup(onSubmit = vi.fn()) {
  const user = userEvent.setup();
  renderPage(<FormRenderer template={template} onSubmit={onSubmit} problems={[{ name: 'Thrips', category: 'Insect' }]} />);
  await screen.findByRole('button', { name: 'Submit' });
  return { user, onSubmit };
}

describe('FormRenderer', () => {
  it('keeps a field hidden until its linked field has the answer (case-insensitive), and chains', async () => {
    const { user } = await setup();
    expect(screen.queryByLabelText(/^Problem/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Old field')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Pests seen/), 'Yes');
    const problem = screen.getByRole('combobox', { name: /Problem/ });
    expect(screen.queryByRole('group', { name: 'Which pests' })).not.toBeInTheDocument();
    await user.type(problem, 'thr');
    await user.click(screen.getByRole('option', { name: /Thrips/ }));
    expect(problem).toHaveValue('Thrips');
    expect(screen.getByRole('group', { name: 'Which pests' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Pests seen/), 'No');
    expect(screen.queryByRole('combobox', { name: /Problem/ })).not.toBeInTheDocument();
    // The chain hides with its first link.
    expect(screen.queryByRole('group', { name: 'Which pests' })).not.toBeInTheDocument();
  });

  it('does not require a hidden required field and sends only visible answers', async () => {
    const { user, onSubmit } = await setup();
    await user.selectOptions(screen.getByLabelText(/Pests seen/), 'No');
    await user.type(screen.getByLabelText('Notes'), 'All clean');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const answers = onSubmit.mock.calls[0]![0] as Record<number, unknown>;
    expect(answers).toEqual({ 1: 'No', 4: 'All clean' });
    expect(toFieldResponses(answers as never)).toEqual([
      { fieldID: 1, inputData: 'No' },
      { fieldID: 4, inputData: 'All clean' },
    ]);
  });

  it('names the field in the required message and does not submit', async () => {
    const { user, onSubmit } = await setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Pests seen is required.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Pests seen/), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('Problem is required.').length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('scopes PageCSS to the form as text of a <style> element and puts CSSClass on the field', async () => {
    const { container } = renderPage(
      <FormRenderer template={{ ...template, PageCSS: '.field-notes { min-height: 96px; }\n</style><script>alert(1)</script>' }} onSubmit={() => {}} problems={[]} />,
    );
    await screen.findByRole('button', { name: 'Submit' });
    const form = container.querySelector('form')!;
    const scope = [...form.classList].find((c) => c.startsWith('vf-'))!;
    const style = form.querySelector('style')!;
    expect(style.textContent).toBe(`.${scope} .field-notes { min-height: 96px; }`);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByLabelText('Notes').closest('.vf-field')).toHaveClass('field-notes');
  });
});

describe('form helpers', () => {
  it('scopePageCss drops @-rules, urls and anything that could close the element', () => {
    const css = '@import url(x.css); .a, p.b { color: red; background: url(javascript:alert(1)); } @media print { .c { color: blue } } .d { color: green }';
    expect(scopePageCss(css, 's1')).toBe('.s1 .a, .s1 p.b { color: red; }\n.s1 .d { color: green; }');
  });

  it('toFieldResponses sends numbers as ids, lists as JSON, ticks as 1/0 and leaves blanks out', () => {
    expect(toFieldResponses({ 1: ['Thrips', 'Aphids'], 2: true, 3: false, 4: '  ', 5: null, 6: new Blob(['x']) })).toEqual([
      { fieldID: 1, inputData: '["Thrips","Aphids"]' },
      { fieldID: 2, inputData: '1' },
      { fieldID: 3, inputData: '0' },
      { fieldID: 6, inputData: 'image' },
    ]);
  });

  it('a multi-select answer shows a field when any choice matches', () => {
    const fields = [field(1, 'Pests', 'multi-select', { FieldOptions: ['A', 'B'] }), field(2, 'B count', 'number', { HideUntil: hidden(2, 1, 'b') })];
    expect(visibleFieldIds(fields, new Map([[1, '["A","B"]']])).has(2)).toBe(true);
    expect(visibleFieldIds(fields, new Map([[1, '["A"]']])).has(2)).toBe(false);
  });
});
