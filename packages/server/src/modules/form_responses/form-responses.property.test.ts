import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import type { Tenant } from '../../test/fixtures/facility-test-kit.js';
import { scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';

let t: TestApp;
let a: Tenant;
let place: Awaited<ReturnType<typeof scoutingPlace>>;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  place = await scoutingPlace(t.app, a);
});
afterAll(() => t.close());

function prng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
}

interface Sent {
  key: string;
  path: '/submit_form' | '/submit_form_boxes';
  body: object;
  first: string | null;
  responses: number;
}

const PROBLEMS = ['Thrips', 'Aphids', 'Spider mites', 'Thrips, Aphids'];

describe('offline replay: submit / duplicate resend / network cut', () => {
  it.each([1, 2, 3])('loses nothing and duplicates nothing (seed %i)', async (seed) => {
    const rnd = prng(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const countOf = async (table: 'form_responses' | 'problem_observations') =>
      Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', a.companyId).executeTakeFirstOrThrow()).n);
    const start = { responses: await countOf('form_responses'), observations: await countOf('problem_observations') };
    const post = (s: Sent) =>
      t.app.inject({ method: 'POST', url: `/api${s.path}`, headers: { ...a.regular.auth, 'idempotency-key': s.key }, payload: s.body as Record<string, unknown> });
    const sent: Sent[] = [];
    let expectedResponses = 0;
    let expectedObservations = 0;

    for (let step = 0; step < 60; step++) {
      const roll = rnd();
      if (roll < 0.5 || sent.length === 0) {
        const problem = pick(PROBLEMS);
        const boxes = rnd() < 0.3 ? place.boxes.slice(0, 2 + Math.floor(rnd() * 3)) : [pick(place.boxes)];
        const fieldResponses = [
          { fieldID: place.scouting.field.Problem, inputData: problem },
          { fieldID: place.scouting.field['Irrigation ok'], inputData: 'Yes' },
        ];
        const multi = boxes.length > 1;
        const s: Sent = {
          key: `seed${seed}-step${step}`,
          path: multi ? '/submit_form_boxes' : '/submit_form',
          body: multi ? { submittedBy: a.regular.user_id, GridBoxIDs: boxes.map(String), fieldResponses } : { submittedBy: a.regular.user_id, GridBoxID: boxes[0], fieldResponses },
          first: null,
          responses: boxes.length,
        };
        sent.push(s);
        expectedResponses += boxes.length;
        expectedObservations += boxes.length * problem.split(',').length;
        if (roll < 0.3) {
          const res = await post(s);
          expect(res.statusCode, res.body).toBe(200);
          s.first = res.body;
        } else if (roll < 0.4) {
          // Network cut: applied on the server, the answer never reached the client.
          await post(s);
        } else {
          // The client's retry timer fires while the first attempt is still in flight.
          const both = await Promise.all([post(s), post(s)]);
          expect(both.map((r) => r.statusCode).sort()).toContain(200);
          for (const r of both) expect([200, 409], r.body).toContain(r.statusCode);
        }
      } else {
        // Resend something already sent (a duplicate, or the retry after a cut).
        const s = pick(sent);
        const res = await post(s);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['idempotent-replayed']).toBe('true');
        if (s.first) expect(res.body).toBe(s.first);
        s.first = res.body;
      }
    }
    // Every item is eventually acknowledged with the same answer.
    for (const s of sent) {
      const res = await post(s);
      expect(res.statusCode).toBe(200);
      if (s.first) expect(res.body).toBe(s.first);
    }
    expect(await countOf('form_responses')).toBe(start.responses + expectedResponses);
    expect(await countOf('problem_observations')).toBe(start.observations + expectedObservations);
  });
});
