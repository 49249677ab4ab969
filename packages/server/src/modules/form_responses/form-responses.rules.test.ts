import { describe, expect, it } from 'vitest';
import { checkAnswers, observedAt, severityOf, type FormFieldDef, type HideLink } from './form-responses.rules.js';
import { splitList } from '../../lib/split-list.js';

const field = (field_id: number, field_name: string, field_type: string, extra: Partial<FormFieldDef> = {}): FormFieldDef => ({
  field_id, field_name, field_type, options: [], is_required: false, is_active: true, ...extra,
});

const fields = [
  field(1, 'Pests seen', 'select', { options: ['Yes', 'No'], is_required: true }),
  field(2, 'Problem', 'problem', { is_required: true }),
  field(3, 'Severity', 'severity', { options: ['Low', 'High'] }),
  field(4, 'Which leaves', 'multi-select', { options: ['Top', 'Middle', 'Bottom'] }),
  field(5, 'Details', 'text', { is_required: true }),
];
const links: HideLink[] = [
  { hidden_field_id: 2, linked_field_id: 1, linked_input: 'Yes' },
  { hidden_field_id: 5, linked_field_id: 2, linked_input: 'Other' },
];

describe('checkAnswers', () => {
  it('does not require, and drops, fields hidden by a chain of hide-until links', () => {
    const sut = checkAnswers(fields, links, [{ fieldID: 1, inputData: 'No' }, { fieldID: 2, inputData: 'Thrips' }]);
    expect(sut).toEqual({ ok: true, answers: [{ field: fields[0], inputData: 'No' }] });
  });

  it('requires a field once its link shows it', () => {
    const sut = checkAnswers(fields, links, [{ fieldID: 1, inputData: 'yes' }]);
    expect(sut).toEqual({ ok: false, issue: { message: 'Problem is required.', field: 'Problem' } });
    const chained = checkAnswers(fields, links, [{ fieldID: 1, inputData: 'Yes' }, { fieldID: 2, inputData: 'Other' }]);
    expect(chained).toMatchObject({ ok: false, issue: { message: 'Details is required.' } });
  });

  it('checks multi-select items against the options, as a list or commas', () => {
    const ok = checkAnswers(fields, [], [{ fieldID: 1, inputData: 'No' }, { fieldID: 2, inputData: 'x' }, { fieldID: 5, inputData: 'd' }, { fieldID: 4, inputData: '["top","Bottom"]' }]);
    expect(ok.ok).toBe(true);
    const bad = checkAnswers(fields, [], [{ fieldID: 1, inputData: 'No' }, { fieldID: 2, inputData: 'x' }, { fieldID: 5, inputData: 'd' }, { fieldID: 4, inputData: 'Top, Roots' }]);
    expect(bad).toMatchObject({ ok: false, issue: { message: 'Which leaves must be one of: Top, Middle, Bottom.', field: 'fieldResponses[3].inputData' } });
  });

  it('keeps a severity without options on the one 1–5 scale', () => {
    const scale = [field(6, 'Severity', 'severity')];
    expect(checkAnswers(scale, [], [{ fieldID: 6, inputData: '3' }]).ok).toBe(true);
    for (const bad of ['0', '6', '-1', 'high']) {
      expect(checkAnswers(scale, [], [{ fieldID: 6, inputData: bad }]), bad).toMatchObject({ ok: false, issue: { message: 'Severity must be a number from 1 to 5.' } });
    }
  });

  it('refuses an inactive or unknown field by its place in the list', () => {
    const inactive = [...fields, field(9, 'Old', 'text', { is_active: false })];
    expect(checkAnswers(inactive, [], [{ fieldID: 9, inputData: 'x' }])).toMatchObject({ ok: false, issue: { field: 'fieldResponses[0].fieldID' } });
  });
});

describe('small rules', () => {
  it('reads severity as a number or an option place', () => {
    expect(severityOf([{ field: fields[2]!, inputData: 'High' }])).toBe(2);
    expect(severityOf([{ field: fields[2]!, inputData: '4' }])).toBe(4);
    expect(severityOf([])).toBeNull();
  });
  it('bounds the observed time', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(observedAt(undefined, now, 300_000, 30)).toBe(now);
    expect(observedAt('2026-03-01T12:04:00Z', now, 300_000, 30)).toEqual(new Date('2026-03-01T12:04:00Z'));
    expect(observedAt('2026-03-01T12:06:00Z', now, 300_000, 30)).toMatchObject({ field: 'submittedAt' });
    expect(observedAt('2026-01-15T12:00:00Z', now, 300_000, 30)).toMatchObject({ field: 'submittedAt' });
  });
  it('splits lists', () => {
    expect(splitList('a, b ,,c')).toEqual(['a', 'b', 'c']);
    expect(splitList('["a, b","c"]')).toEqual(['a, b', 'c']);
  });
});
