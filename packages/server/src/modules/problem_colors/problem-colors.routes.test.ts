import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemAbbreviation, problemColorsMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { seedProblemColorsDemo } from '../../setup/demo/problem-colors-demo.js';
import { PLANT_PROBLEM_LIBRARY } from '../../db/migrations/data/plant-problem-library.js';

/** The library's own colour of a problem (the palette is chosen in the data, not here). */
const libraryColour = (slug: string) => PLANT_PROBLEM_LIBRARY.find((p) => p.slug === slug)!.defaultColor;

let t: TestApp;
let a: Tenant;
let b: Tenant;
const kit = facilityKit(() => t.app);
const { call } = kit;

const map = (auth: object, query: Record<string, string | number>, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/map_problem_color',
    headers: { ...(auth as Record<string, string>), 'content-type': 'application/x-www-form-urlencoded' },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    payload: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

describe('mapping colours', () => {
  it('creates a mapping with the library colour and initials when none are given, then updates it case-insensitively', async () => {
    const made = await map(a.admin.auth, { company_id: a.companyId }, { problem: 'Two-spotted spider mite' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      status: 'success', created: true,
      mapping: { CompanyID: a.companyId, Problem: 'Two-spotted spider mite', Color: libraryColour('two-spotted-spider-mite'), Abbreviation: 'SM' },
    });
    const upd = await map(a.superAdmin.auth, { company_id: a.companyId }, { problem: 'two-SPOTTED spider mite', color: '#00ff00', abbreviation: 'SM' });
    expect(upd.json()).toMatchObject({ created: false, mapping: { id: made.json().mapping.id, Problem: 'Two-spotted spider mite', Color: '#00FF00', Abbreviation: 'SM' } });
    const colourOnly = await map(a.admin.auth, { company_id: a.companyId }, { problem: 'Two-spotted spider mite', color: '#112233' });
    expect(colourOnly.json().mapping).toMatchObject({ Color: '#112233', Abbreviation: 'SM' });

    const list = await call('GET', '/get_problem_color_mappings', a.regular.auth, { company_id: a.companyId });
    expect(list.statusCode).toBe(200);
    expect(list.json().mappings).toEqual([expect.objectContaining({ Problem: 'Two-spotted spider mite', Color: '#112233', Abbreviation: 'SM' })]);
    const audit = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', a.companyId).where('entity_type', '=', 'problem_color_mapping').execute();
    expect(audit.map((e) => e.action)).toEqual(['problem_color.created', 'problem_color.updated', 'problem_color.updated']);
  });

  it('gives problems outside the library a stable palette colour', async () => {
    const one = await map(a.admin.auth, { company_id: a.companyId }, { problem: 'Marker slug damage' });
    expect(one.json().mapping.Color).toMatch(/^#[0-9A-F]{6}$/);
    expect(one.json().mapping.Abbreviation).toBe('MSD');
  });

  it('names every bad field with the spec sentences', async () => {
    expect((await map(a.admin.auth, {}, { problem: 'x' })).json()).toMatchObject({ message: msg.companyRequired, field: 'company_id' });
    expect((await map(a.admin.auth, { company_id: a.companyId }, {})).json()).toMatchObject({ message: msg.problemRequired, field: 'problem' });
    expect((await map(a.admin.auth, { company_id: a.companyId }, { problem: '   ' })).json()).toMatchObject({ message: msg.problemRequired });
    expect((await map(a.admin.auth, { company_id: a.companyId }, { problem: 'x', color: 'red' })).json()).toMatchObject({ message: 'color must be a colour as #RRGGBB.', field: 'color' });
    expect((await map(a.admin.auth, { company_id: a.companyId }, { problem: 'x', abbreviation: 'ABCDE' })).json()).toMatchObject({ field: 'abbreviation' });
    expect((await map(a.admin.auth, { company_id: a.companyId }, { problem: 'x'.repeat(201) })).json()).toMatchObject({ field: 'problem' });
    expect((await call('GET', '/get_problem_color_mappings', a.regular.auth)).json()).toMatchObject({ message: msg.companyRequired, field: 'company_id' });
    expect((await call('DELETE', '/delete_problem_color_mapping', a.admin.auth, { problem: 'x' })).json()).toMatchObject({ message: msg.companyRequired });
    expect((await call('DELETE', '/delete_problem_color_mapping', a.admin.auth, { company_id: a.companyId })).json()).toMatchObject({ message: msg.problemRequired, field: 'problem' });
  });

  it('refuses Regulars and other companies', async () => {
    expect((await map(a.regular.auth, { company_id: a.companyId }, { problem: 'x' })).statusCode).toBe(403);
    expect((await map(b.admin.auth, { company_id: a.companyId }, { problem: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/get_problem_color_mappings', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await call('DELETE', '/delete_problem_color_mapping', a.regular.auth, { company_id: a.companyId, problem: 'Marker slug damage' })).statusCode).toBe(403);
    expect((await call('DELETE', '/delete_problem_color_mapping', b.admin.auth, { company_id: a.companyId, problem: 'Marker slug damage' })).statusCode).toBe(403);
    const mine = await call('GET', '/get_problem_color_mappings', b.regular.auth, { company_id: b.companyId });
    expect(mine.json().mappings).toEqual([]);
  });
});

describe('deleting', () => {
  it('deletes case-insensitively, audits, and answers 404 when nothing is mapped', async () => {
    await map(a.admin.auth, { company_id: a.companyId }, { problem: 'Powdery mildew', color: '#9C27B0' });
    const res = await call('DELETE', '/delete_problem_color_mapping', a.admin.auth, { company_id: a.companyId, problem: 'POWDERY MILDEW' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', Problem: 'Powdery mildew' });
    expect((await call('DELETE', '/delete_problem_color_mapping', a.admin.auth, { company_id: a.companyId, problem: 'Powdery mildew' })).statusCode).toBe(404);
    const jsonBody = await call('DELETE', '/delete_problem_color_mapping', a.admin.auth, {}, { company_id: a.companyId, problem: 'Marker slug damage' });
    expect(jsonBody.statusCode, jsonBody.body).toBe(200);
    const audit = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', a.companyId).where('action', '=', 'problem_color.deleted').execute();
    expect(audit).toHaveLength(2);
  });
});

describe('demo data and helpers', () => {
  it('maps about ten problems for a demo company', async () => {
    const c = await makeTenant(t.app);
    await seedProblemColorsDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });
    const list = (await call('GET', '/get_problem_color_mappings', c.regular.auth, { company_id: c.companyId })).json().mappings;
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.find((m: { Problem: string }) => m.Problem === 'Western flower thrips')).toMatchObject({ Abbreviation: 'WFT' });
  });

  it("abbreviates a problem by the company's label, else the library's, else by initials", () => {
    expect(problemAbbreviation('Western flower thrips', 'TH')).toBe('TH');
    expect(problemAbbreviation('western-flower-thrips')).toBe('WFT');
    expect(problemAbbreviation('Botrytis grey mould')).toBe('BOT');
    expect(problemAbbreviation('Leaf curl')).toBe('LC');
    expect(problemAbbreviation('Sciarids')).toBe('SC');
    expect(problemAbbreviation('!!')).toBe('?');
  });
});
