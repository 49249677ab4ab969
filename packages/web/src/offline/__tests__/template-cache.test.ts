import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FormTemplate, ProblemColorMapping } from '@verdant/contract';
import { OfflineDatabase } from '../db';
import { cacheTemplates, readCachedTemplates } from '../template-cache';
import { cacheProblemColors, readCachedProblemColor, readCachedProblemColors } from '../color-cache';

let database: OfflineDatabase;
let n = 0;
beforeEach(() => {
  database = new OfflineDatabase(`template-cache-test-${++n}`);
});
afterEach(async () => {
  database.close();
  await database.delete();
});

const field = (FieldID: number, TemplateID: number, Position: number, extra: Partial<FormTemplate['fields'][number]> = {}) => ({
  FieldID, TemplateID, FieldName: `F${FieldID}`, FieldType: 'select', FieldOptions: ['a', 'b'], IsRequired: true, IsActive: true,
  CSSClass: 'wide', report_id: null, Position, HideUntil: null, ...extra,
});
const template = (TemplateID: number, name: string, fields: FormTemplate['fields']): FormTemplate => ({
  TemplateID, TemplateName: name, CompanyID: 3, CreatedAt: '2026-01-01T00:00:00.000Z', UpdatedAt: '2026-01-02T00:00:00.000Z',
  FormCategory: 'Scouting', PageCSS: '.x{}', DefaultForType: null, DeletedAt: null, fields,
});

describe('template cache', () => {
  it('reads back what an online fetch wrote, fields in order, hide-until rules included', async () => {
    const rule = { form_field_hidden_UID: 'u1', form_field_hidden_FieldID: 2, form_field_linked_FieldID: 1, form_field_linked_input: 'a' };
    const t = template(1, 'Scouting', [field(2, 1, 1, { HideUntil: rule }), field(1, 1, 0)]);
    await cacheTemplates(3, [t, template(2, 'Aphids', [field(3, 2, 0)])], {}, database);
    const all = await readCachedTemplates(3, undefined, database);
    expect(all.map((x) => x.TemplateName)).toEqual(['Aphids', 'Scouting']);
    expect(all[1]!.fields.map((f) => f.FieldID)).toEqual([1, 2]);
    expect(all[1]!.fields[1]).toEqual(field(2, 1, 1, { HideUntil: rule }));
    expect(await readCachedTemplates(3, 1, database)).toEqual([{ ...t, fields: [t.fields[1], t.fields[0]] }]);
    expect(await readCachedTemplates(4, undefined, database)).toEqual([]);
  });

  it('a full refetch drops deleted templates and replaces fields; a single-template fetch touches only that one', async () => {
    await cacheTemplates(3, [template(1, 'A', [field(1, 1, 0), field(2, 1, 1)]), template(2, 'B', [field(3, 2, 0)])], {}, database);
    await cacheTemplates(3, [template(1, 'A2', [field(1, 1, 0)])], { templateId: 1 }, database);
    expect((await readCachedTemplates(3, undefined, database)).map((x) => [x.TemplateName, x.fields.length])).toEqual([['A2', 1], ['B', 1]]);
    await cacheTemplates(3, [template(2, 'B', [field(3, 2, 0)])], {}, database);
    expect((await readCachedTemplates(3, undefined, database)).map((x) => x.TemplateID)).toEqual([2]);
    expect(await database.formFields.count()).toBe(1);
  });
});

describe('problem colour cache', () => {
  const m = (id: number, Problem: string, Color: string): ProblemColorMapping => ({
    id, CompanyID: 3, Problem, Color, Abbreviation: Problem.slice(0, 2), updated_at: '2026-01-01T00:00:00.000Z',
  });
  it('replaces the company mappings and finds a problem by CompanyID+Problem, case-insensitively too', async () => {
    await cacheProblemColors(3, [m(1, 'Thrips', '#FF0000'), m(2, 'Aphids', '#00FF00')], database);
    await cacheProblemColors(3, [m(2, 'Aphids', '#0000FF')], database);
    expect(await readCachedProblemColors(3, database)).toEqual([m(2, 'Aphids', '#0000FF')]);
    expect((await readCachedProblemColor(3, 'Aphids', database))?.Color).toBe('#0000FF');
    expect((await readCachedProblemColor(3, 'aphids ', database))?.Color).toBe('#0000FF');
    expect(await readCachedProblemColor(3, 'Thrips', database)).toBeNull();
  });
});
