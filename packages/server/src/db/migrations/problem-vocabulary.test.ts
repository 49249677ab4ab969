import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { writeAudit } from '../../lib/audit.js';
import type { DB } from '../schema.js';
import { up } from './2026_11_25_0700_problem_vocabulary.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** One scouting response with a problem answer and its observations, as the seeds wrote them. */
async function scouted(db: Kysely<DB>, companyId: number, userId: number, answer: string, names: string[], audit: boolean) {
  return db.transaction().execute(async (trx) => {
    const template = await trx.insertInto('form_templates')
      .values({ company_id: companyId, template_name: 'Scouting', form_category: 'scouting', created_by: userId })
      .returning('template_id').executeTakeFirstOrThrow();
    const field = await trx.insertInto('form_fields')
      .values({ company_id: companyId, template_id: template.template_id, field_name: 'Problem', field_type: 'problem', field_options: '[]', is_required: true, position: 0 })
      .returning('field_id').executeTakeFirstOrThrow();
    const response = await trx.insertInto('form_responses')
      .values({ company_id: companyId, template_id: template.template_id, submitted_by: userId })
      .returning('response_id').executeTakeFirstOrThrow();
    const fr = await trx.insertInto('field_responses')
      .values({ company_id: companyId, response_id: response.response_id, field_id: field.field_id, input_data: answer })
      .returning('field_response_id').executeTakeFirstOrThrow();
    await trx.insertInto('problem_observations')
      .values(names.map((problem) => ({ company_id: companyId, problem, problem_id: null, severity: 3, source: 'form' as const, response_id: response.response_id, field_response_id: fr.field_response_id, observed_at: new Date(), observed_by: userId })))
      .execute();
    if (audit) await writeAudit(trx, { companyId, userId, action: 'demo.scouting_seeded', entityType: 'company', entityId: companyId, after: {} });
    return { responseId: response.response_id, fieldResponseId: fr.field_response_id };
  });
}

describe('migration 2026_11_25_0700_problem_vocabulary', () => {
  it("renames only the demo's own old problem names, and puts batch severities on 1–5", async () => {
    const db = t.app.db;
    const demo = await makeTenant(t.app);
    const seeded = await scouted(db, demo.companyId, demo.superAdmin.user_id, 'Thrips, Aphids, Leaf curl', ['Thrips', 'Aphids', 'Leaf curl'], true);
    // Typed later by a person in the same company: not the demo's, so it stays as written.
    const typed = await scouted(db, demo.companyId, demo.superAdmin.user_id, 'Thrips', ['Thrips'], false);
    const batch = await db.insertInto('problem_observations')
      .values([0, 5, 8, 10].map((severity) => ({ company_id: demo.companyId, problem: 'Powdery mildew', severity, source: 'batch_problem' as const, observed_at: new Date(), observed_by: demo.admin.user_id })))
      .returning('observation_id').execute();

    await up(db as unknown as Kysely<unknown>);

    const wft = await db.selectFrom('plant_problems').select(['problem_id', 'name']).where('slug', '=', 'western-flower-thrips').where('company_id', 'is', null).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('problem_observations').select(['response_id', 'problem', 'problem_id']).where('company_id', '=', demo.companyId).where('source', '=', 'form').orderBy('observation_id').execute();
    expect(rows.filter((r) => r.response_id === seeded.responseId).map((r) => r.problem)).toEqual(['Western flower thrips', 'Green peach aphid', 'Leaf curl']);
    expect(rows.find((r) => r.problem === 'Western flower thrips')?.problem_id).toBe(wft.problem_id);
    expect(rows.filter((r) => r.response_id === typed.responseId)).toEqual([expect.objectContaining({ problem: 'Thrips', problem_id: null })]);

    const answers = await db.selectFrom('field_responses').select(['field_response_id', 'input_data']).where('field_response_id', 'in', [seeded.fieldResponseId, typed.fieldResponseId]).orderBy('field_response_id').execute();
    expect(answers.map((a) => a.input_data)).toEqual(['Western flower thrips, Green peach aphid, Leaf curl', 'Thrips']);

    const severities = await db.selectFrom('problem_observations').select('severity').where('observation_id', 'in', batch.map((b) => b.observation_id)).orderBy('observation_id').execute();
    expect(severities.map((s) => s.severity)).toEqual([1, 3, 4, 5]);
  }, 60_000);
});
