import { describe, expect, it } from 'vitest';
import { plantProblemsMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = { authorization: string };
type Problem = { problem_id: number; slug: string; eppo_code: string | null };
const load = async (auth: Auth, companyId: number): Promise<Problem[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/plant_problems/load_plant_problems', query: { company_id: String(companyId) }, headers: auth })).json().problems;
const setCode = (auth: Auth, companyId: number, problemId: number | string, eppo_code: string | null) =>
  t.app.inject({ method: 'POST', url: '/api/plant_problems/set_eppo_code', query: { company_id: String(companyId), problem_id: String(problemId) }, headers: auth, payload: { eppo_code } });
const bySlug = (problems: Problem[], slug: string) => problems.find((p) => p.slug === slug)!;

describe('plant problems: EPPO codes', () => {
  it('carries the library codes', async () => {
    const problems = await load(a.regular.auth, a.companyId);
    expect(bySlug(problems, 'two-spotted-spider-mite').eppo_code).toBe('TETRUR');
    expect(bySlug(problems, 'western-flower-thrips').eppo_code).toBe('FRANOC');
    expect(bySlug(problems, 'greenhouse-whitefly').eppo_code).toBe('TRIAVA');
    expect(bySlug(problems, 'silverleaf-whitefly').eppo_code).toBe('BEMITA');
    expect(bySlug(problems, 'botrytis-grey-mould').eppo_code).toBe('BOTRCI');
    expect(bySlug(problems, 'caterpillars-loopers').eppo_code).toBeNull();
  });

  it("lets an admin set the company's own code (raised to capitals) or clear it, for that company only; audited", async () => {
    const mite = bySlug(await load(a.admin.auth, a.companyId), 'broad-mite');
    const res = await setCode(a.admin.auth, a.companyId, mite.problem_id, 'polhla');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.eppoSaved, problem_id: mite.problem_id, eppo_code: 'POLHLA' });
    const caterpillars = bySlug(await load(a.admin.auth, a.companyId), 'caterpillars-loopers');
    await setCode(a.admin.auth, a.companyId, caterpillars.problem_id, '1NOCTF');
    expect(bySlug(await load(a.regular.auth, a.companyId), 'caterpillars-loopers').eppo_code).toBe('1NOCTF');
    expect(bySlug(await load(b.regular.auth, b.companyId), 'caterpillars-loopers').eppo_code).toBeNull();
    await setCode(a.admin.auth, a.companyId, mite.problem_id, '');
    expect(bySlug(await load(a.regular.auth, a.companyId), 'broad-mite').eppo_code).toBeNull();
    expect(bySlug(await load(b.regular.auth, b.companyId), 'broad-mite').eppo_code).toBe('POLHLA');
    const audits = await t.app.db.selectFrom('audit_events').select(['before', 'after']).where('action', '=', 'plant_problem.eppo_code')
      .where('company_id', '=', a.companyId).where('entity_id', '=', String(mite.problem_id)).orderBy('id').execute();
    expect(audits.map((x) => [x.before, (x.after as { eppo_code: string | null }).eppo_code])).toEqual([[{ eppo_code: 'POLHLA' }, 'POLHLA'], [{ eppo_code: 'POLHLA' }, null]]);
  });

  it('refuses a code of the wrong form, a regular user, another company and an unknown problem', async () => {
    const mite = bySlug(await load(a.admin.auth, a.companyId), 'two-spotted-spider-mite');
    for (const bad of ['TET', 'TETRURX', 'TET-UR', 'tétrur']) {
      const res = await setCode(a.admin.auth, a.companyId, mite.problem_id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field).toBe('eppo_code');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/plant_problems/set_eppo_code', query: { company_id: String(a.companyId), problem_id: String(mite.problem_id) }, headers: a.admin.auth, payload: {} })).json().field).toBe('eppo_code');
    expect((await setCode(a.regular.auth, a.companyId, mite.problem_id, 'TETRUR')).statusCode).toBe(403);
    expect((await setCode(a.admin.auth, b.companyId, mite.problem_id, 'TETRUR')).statusCode).toBe(403);
    const theirs = await t.app.db.insertInto('plant_problems').values({ company_id: b.companyId, slug: 'their-bug', name: 'Their bug', category: 'insect' }).returning('problem_id').executeTakeFirstOrThrow();
    expect((await setCode(a.admin.auth, a.companyId, theirs.problem_id, 'TETRUR')).statusCode).toBe(404);
    expect((await setCode(a.admin.auth, a.companyId, 2147483648, 'TETRUR')).json().field).toBe('problem_id');
  });
});
