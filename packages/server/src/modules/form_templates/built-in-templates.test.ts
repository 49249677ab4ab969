import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_TYPES } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { createBuiltInTemplates, defaultTemplateId, loadTemplateForSubmission } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('createBuiltInTemplates', () => {
  it('gives the company a default template of every type, with fields', async () => {
    const tenant = await makeTenant(t.app);
    await t.app.db.transaction().execute((trx) => createBuiltInTemplates({ db: trx }, tenant.companyId, tenant.superAdmin.user_id));
    for (const type of TEMPLATE_TYPES) {
      const id = await defaultTemplateId(t.app, tenant.companyId, type);
      const template = await loadTemplateForSubmission(t.app, tenant.companyId, id!);
      expect(template?.fields.length, type).toBeGreaterThan(2);
    }
    const scouting = await loadTemplateForSubmission(t.app, tenant.companyId, (await defaultTemplateId(t.app, tenant.companyId, 'scouting'))!);
    expect(scouting?.fields.map((f) => f.type)).toEqual(expect.arrayContaining(['problem', 'severity', 'photo']));
  });
});
