import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeTenant } from './factories.js';
import { injectTransport, isRetryable, jsonRequest, type Answer, type Transport } from './keyed-transport.js';
import { makeKeyedWrites, seedKeyedWorld, type KeyedWorld, type KeyedWrite } from './keyed-writes.js';
import { checkKeyedInvariants } from './keyed-invariants.js';

/**
 * "Nothing lost" under concurrency (DESIGN.md): many clients sending keyed writes at once, then
 * every key again. Runs on the embedded database in `npm test` and on PostgreSQL with TEST_DATABASE_URL.
 */

const CLIENTS = 16;
const PER_CLIENT = 50;
const SEED = Number(process.env.KEYED_WRITES_SEED ?? 7);

let t: TestApp;
let tenant: Awaited<ReturnType<typeof makeTenant>>;
let send: Transport;
let world: KeyedWorld;
/** The first test's writes and their last answers, for the checker's own test. */
let checked: { writes: KeyedWrite[]; final: Map<string, Answer> } | undefined;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await makeTenant(t.app);
  send = injectTransport(t.app);
  const user = (u: { user_id: number; token: string }) => ({ userId: u.user_id, token: u.token });
  world = await seedKeyedWorld(send, {
    companyId: tenant.companyId,
    seeder: user(tenant.admin),
    users: [user(tenant.admin), user(tenant.regular), user(tenant.superAdmin)],
    clients: CLIENTS,
  });
});
afterAll(() => t?.close());

const ok = (a: Answer | undefined) => a !== undefined && a.status >= 200 && a.status < 300;
const show = (w: KeyedWrite, a: Answer | undefined) => `${w.kind} ${w.key}: ${a ? `${a.status} ${a.body.slice(0, 200)}` : 'no answer'}`;

/** Each client sends its list in order; the clients run side by side. */
async function sendAll(writes: KeyedWrite[][]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  await Promise.all(
    writes.map(async (list) => {
      for (const w of list) answers.set(w.key, await send(w.request));
    }),
  );
  return answers;
}

describe('keyed writes under concurrency', () => {
  it(`${CLIENTS} clients × ${PER_CLIENT} mixed keyed writes, then every key again: each applied once, every replay the stored answer`, async () => {
    const writes = await makeKeyedWrites(world, { clients: CLIENTS, perClient: PER_CLIENT, seed: SEED });
    const all = writes.flat();
    const started = Date.now();

    // Pass 1: everything at once.
    const first = await sendAll(writes);
    const pass1Ms = Date.now() - started;
    // No 5xx, nothing refused but a move whose position another client took (409).
    expect(all.filter((w) => !(ok(first.get(w.key)) || (w.kind === 'move' && first.get(w.key)!.status === 409))).map((w) => show(w, first.get(w.key)))).toEqual([]);
    expect(all.filter((w) => first.get(w.key)!.headers['idempotent-replayed'] !== undefined).map((w) => w.key)).toEqual([]);
    // A 409 left nothing applied; every 2xx is there exactly once.
    expect(await checkKeyedInvariants(t.app.db, world, all, first, { files: t.app.files })).toEqual([]);

    // Pass 2: every key again. A stored answer is replayed as it was; a 409 was not stored, so its
    // key is free and the write is simply tried again (it may now apply, or meet another plant).
    const second = await sendAll(writes);
    const mismatches: string[] = [];
    const final = new Map<string, Answer>();
    for (const w of all) {
      const a1 = first.get(w.key)!;
      const a2 = second.get(w.key)!;
      if (!isRetryable(a1.status)) {
        if (a2.status !== a1.status || a2.body !== a1.body || a2.headers['idempotent-replayed'] !== 'true') {
          mismatches.push(`${show(w, a1)} replayed as ${a2.status} ${a2.body.slice(0, 200)} (replayed: ${a2.headers['idempotent-replayed']})`);
        }
        final.set(w.key, a1);
      } else {
        if (!(ok(a2) || a2.status === 409) || a2.headers['idempotent-replayed'] !== undefined) mismatches.push(`retry of ${show(w, a1)} answered ${a2.status} ${a2.body.slice(0, 200)}`);
        final.set(w.key, a2);
      }
    }
    expect(mismatches).toEqual([]);

    // Pass 3: the writes that applied in pass 2 now replay too.
    const retried = all.filter((w) => isRetryable(first.get(w.key)!.status) && ok(final.get(w.key)));
    for (const w of retried) {
      const a3 = await send(w.request);
      const a = final.get(w.key)!;
      if (a3.status !== a.status || a3.body !== a.body || a3.headers['idempotent-replayed'] !== 'true') mismatches.push(`${show(w, a)} replayed as ${a3.status} ${a3.body.slice(0, 200)}`);
    }
    expect(mismatches).toEqual([]);
    expect(await checkKeyedInvariants(t.app.db, world, all, final, { files: t.app.files })).toEqual([]);

    const moves = all.filter((w) => w.kind === 'move');
    const conflicts1 = moves.filter((w) => first.get(w.key)!.status === 409).length;
    const conflictsFinal = moves.filter((w) => final.get(w.key)!.status === 409).length;
    const why = new Map<string, number>();
    for (const w of moves.filter((m) => first.get(m.key)!.status === 409)) {
      const message = (JSON.parse(first.get(w.key)!.body) as { message: string }).message.replace(/P-[A-Z0-9]+/g, 'P-…');
      why.set(message, (why.get(message) ?? 0) + 1);
    }
    checked = { writes: all, final };
    console.info(
      `[concurrency] ${t.app.database.kind}: ${all.length} keyed writes in ${pass1Ms} ms; moves ${moves.length}, 409 first pass ${conflicts1}, ` +
        `409 after retry ${conflictsFinal}; replays ${all.length + retried.length}; total ${Date.now() - started} ms; 409s: ${JSON.stringify(Object.fromEntries(why))}`,
    );
  }, 180_000);

  const race = async (keyed: boolean, position: { subx: number; suby: number }) => {
    const plantUid = world.plants[keyed ? 1 : 0]![0]!;
    const reason = `race-${world.tag}-${keyed ? 'keyed' : 'plain'}`;
    const box = world.boxes[0]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          jsonRequest(
            'POST',
            '/api/move_plant',
            tenant.admin.token,
            { plant_uid: plantUid, target_parent_gridbox_id: box, user_id: tenant.admin.user_id, target_position: position, movement_reason: reason },
            keyed ? `race-${world.tag}-${i}` : undefined,
          ),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200), answers.map((a) => `${a.status} ${a.body.slice(0, 120)}`).join('\n')).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 409).every((a) => (JSON.parse(a.body) as { error: string }).error === 'conflict')).toBe(true);
    const moved = await t.app.db.selectFrom('plant_movements').select('to_sub_gridbox_id').where('movement_reason', '=', reason).execute();
    expect(moved).toHaveLength(1);
    const here = await t.app.db
      .selectFrom('sub_gridboxes as s')
      .innerJoin('plants as p', 'p.plant_id', 's.plant_id')
      .select(['s.sub_gridbox_id', 's.parent_gridbox_id', 's.subx', 's.suby'])
      .where('p.plant_uid', '=', plantUid)
      .where('s.deleted_at', 'is', null)
      .execute();
    expect(here).toEqual([{ sub_gridbox_id: moved[0]!.to_sub_gridbox_id, parent_gridbox_id: box, ...position }]);
    if (keyed) {
      const keys = await t.app.db.selectFrom('idempotency_keys').select(['status_code', 'committed_at']).where('key', 'like', `race-${world.tag}-%`).execute();
      // The winner's answer is stored with its receipt; the 409s were not kept, so their keys are free again.
      expect(keys.map((k) => [k.status_code, k.committed_at !== null])).toEqual([[200, true]]);
    }
  };

  it('50 identical moves of one plant to one free position at once: one 200, the rest 409', () => race(false, { subx: 5, suby: 5 }), 60_000);
  it('the same with an Idempotency-Key each: one 200, the rest 409, no key left behind', () => race(true, { subx: 6, suby: 6 }), 60_000);

  it('two plants crossing between two boxes at once both move, every time (no deadlock on the boxes)', async () => {
    const [a, b] = [world.plants[3]![0]!, world.plants[4]![0]!];
    const [p1, p2] = [world.boxes[2]!, world.boxes[3]!];
    const move = (uid: string, box: number, suby: number) =>
      send(jsonRequest('POST', '/api/move_plant', tenant.admin.token, { plant_uid: uid, target_parent_gridbox_id: box, user_id: tenant.admin.user_id, target_position: { subx: 7, suby } }));
    expect([(await move(a, p1, 1)).status, (await move(b, p2, 1)).status]).toEqual([200, 200]);
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      // a goes p1 → p2 while b goes p2 → p1, then back: each move locks its target box and references its source box.
      const [ra, rb] = await Promise.all([move(a, i % 2 ? p1 : p2, i + 2), move(b, i % 2 ? p2 : p1, i + 2)]);
      answers.push(`${ra.status} ${rb.status}`, ...[ra, rb].filter((r) => r.status !== 200).map((r) => r.body.slice(0, 120)));
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => '200 200'));
  }, 60_000);

  it('the checker itself notices a duplicate, a lost write, and a key left in progress', async () => {
    expect(checked, 'runs after the workload test').toBeDefined();
    const { writes, final } = checked!;
    const room = writes.find((w) => w.kind === 'room' && final.get(w.key)!.status === 200)!;
    const note = writes.find((w) => w.kind === 'form' && final.get(w.key)!.status === 200)!;
    const problems = await t.app.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('rooms').values({ company_id: world.companyId, name: room.marker }).execute();
        await trx.deleteFrom('field_responses').where('input_data', '=', note.marker).execute();
        await trx
          .insertInto('idempotency_keys')
          .values({ scope: `user:${world.users[0]!.userId}`, key: `kw-${world.tag}-stale`, request_hash: 'x', lease_token: 'x', locked_until: new Date() })
          .execute();
        const found = await checkKeyedInvariants(trx, world, writes, final);
        throw Object.assign(new Error('rollback'), { found });
      })
      .catch((err: { found?: string[] }) => err.found ?? [String(err)]);
    expect(problems.join('\n')).toContain(`room ${room.key}: answered 200 but present 2 times`);
    expect(problems.join('\n')).toContain(`form ${note.key}: answered 200 but present 0 times`);
    expect(problems.join('\n')).toContain(`key kw-${world.tag}-stale left in progress`);
  }, 60_000);
});
