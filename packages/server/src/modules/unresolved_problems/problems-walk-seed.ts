import type { FastifyInstance } from 'fastify';
import { addObservation } from './unresolved-problems.fixtures.js';

interface WalkTenant {
  companyId: number;
  admin: { user_id: number; auth: { authorization: string } };
}

/**
 * Problem rows of one tenant for the tenancy walk: an own plant problem, a custom solution on a library
 * problem, a colour mapping and an open observation in the tenant's seeded grid box. `ids.problemid`
 * is the observation (manage_problem's problemID).
 */
export async function seedProblemsForWalk(app: FastifyInstance, tenant: WalkTenant, tag: string, place: { roomid: number; gridid: number; gridboxid: number }) {
  const form = async (url: string, query: Record<string, string | number>, fields: Record<string, string>) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...tenant.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      payload: new URLSearchParams(fields).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`seeding ${url} failed: ${res.body}`);
  };
  const own = await app.db
    .insertInto('plant_problems')
    .values({ company_id: tenant.companyId, slug: `marker-pest-${tag}`, name: `Marker Pest ${tag}`, category: 'insect', description: `Marker pest description ${tag}` })
    .returning('problem_id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('plant_problem_symptoms').values({ problem_id: own.problem_id, symptom_id: 1 }).execute();
  const library = await app.db.selectFrom('plant_problems').select('problem_id').where('slug', '=', 'western-flower-thrips').where('company_id', 'is', null).executeTakeFirstOrThrow();
  await form('/plant_problems/add_custom_solution', { company_id: tenant.companyId, problem_id: library.problem_id }, { custom_solution: `Marker solution ${tag}` });
  await form('/map_problem_color', { company_id: tenant.companyId }, { problem: `Marker Pest ${tag}`, color: '#123456', abbreviation: 'MP' });
  const observation = await addObservation(app, {
    companyId: tenant.companyId,
    problem: `Marker Pest ${tag}`,
    roomId: place.roomid,
    gridId: place.gridid,
    boxId: place.gridboxid,
    severity: 3,
    userId: tenant.admin.user_id,
    notes: `Marker observation notes ${tag}`,
  });
  return {
    markers: [`Marker Pest ${tag}`, `Marker pest description ${tag}`, `Marker solution ${tag}`, `Marker observation notes ${tag}`],
    ids: { problemid: observation, observationid: observation },
  };
}
