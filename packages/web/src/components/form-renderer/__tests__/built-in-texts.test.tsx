import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormField } from '@verdant/contract';
import { FormRenderer, type RenderableTemplate } from '..';
import { BUILT_IN_FIELD_NAMES, BUILT_IN_OPTIONS, BUILT_IN_TEMPLATE_NAMES } from '../built-in-texts';
import { renderPage } from '../../../testing/render';
import { i18n } from '../../../lib/i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const field = (id: number, name: string, type: string, extra: Partial<FormField> = {}): FormField => ({
  FieldID: id, TemplateID: 1, FieldName: name, FieldType: type, FieldOptions: [], IsRequired: false, IsActive: true,
  CSSClass: '', report_id: null, Position: id, HideUntil: null, ...extra,
});

const roomWalk: RenderableTemplate = {
  TemplateName: 'Room walk',
  PageCSS: '',
  fields: [
    field(1, 'Hygiene', 'select', { FieldOptions: ['Good', 'Needs attention', 'Poor'], IsRequired: true }),
    field(2, 'Temperature (°C)', 'number'),
    field(3, 'Leaf count by the door', 'number'),
    field(4, 'Notes', 'textarea'),
  ],
};

describe('built-in forms in the reader’s language', () => {
  it('shows a built-in form’s name, labels and choices in Spanish, keeps a company’s own field as written, and sends the stored values', async () => {
    await i18n.changeLanguage('es');
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderPage(<FormRenderer template={roomWalk} onSubmit={onSubmit} />);
    expect(await screen.findByRole('form', { name: 'Ronda por la sala' })).toBeInTheDocument();
    const hygiene = screen.getByRole('combobox', { name: /Higiene/ });
    expect(screen.getByRole('option', { name: 'Necesita atención' })).toBeInTheDocument();
    expect(screen.getByLabelText('Temperatura (°C)')).toBeInTheDocument();
    expect(screen.getByLabelText('Leaf count by the door')).toBeInTheDocument();
    expect(screen.getByLabelText('Notas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Enviar/ }));
    expect((await screen.findAllByText('Higiene es obligatorio.', { exact: false })).length).toBeGreaterThan(0);
    await user.selectOptions(hygiene, 'Necesita atención');
    await user.click(screen.getByRole('button', { name: /Enviar/ }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ 1: 'Needs attention' }));
  });

  it('has every built-in name, label and choice in all four languages', () => {
    for (const lang of ['en', 'es', 'fr', 'nl']) {
      const t = i18n.getFixedT(lang, 'form-renderer');
      for (const [group, keys] of [['templates', BUILT_IN_TEMPLATE_NAMES], ['fields', BUILT_IN_FIELD_NAMES], ['options', BUILT_IN_OPTIONS]] as const) {
        for (const key of Object.values(keys)) expect(i18n.exists(`builtIn.${group}.${key}`, { lng: lang, ns: 'form-renderer' }), `${lang} ${group}.${key}`).toBe(true);
        if (lang === 'en') for (const [english, key] of Object.entries(keys)) expect(t(`builtIn.${group}.${key}`)).toBe(english);
      }
    }
  });
});
