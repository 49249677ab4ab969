import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiCommandMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof makeTenant>>;
let b: Awaited<ReturnType<typeof makeTenant>>;

const save = (headers: object, query: Record<string, string | number>, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST', url: '/api/save_command', headers: { ...(headers as Record<string, string>), ...extra },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

const stored = (companyId: number) =>
  t.app.db.selectFrom('ai_commands').selectAll().where('company_id', '=', companyId).orderBy('command_id').execute();

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

describe('save_command', () => {
  it('stores the command with the signed-in user and audits it', async () => {
    const res = await save(a.regular.auth, { command: '  show thrips in room 2  ', user_id: a.regular.user_id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: msg.saved, command: { command: 'show thrips in room 2', user_id: a.regular.user_id } });
    const rows = await stored(a.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ command_id: body.command.command_id, user_id: a.regular.user_id, command: 'show thrips in room 2' });
    const audit = await t.app.db.selectFrom('audit_events').select(['action', 'user_id', 'entity_id'])
      .where('company_id', '=', a.companyId).where('entity_type', '=', 'ai_command').execute();
    expect(audit).toEqual([{ action: 'ai_command.saved', user_id: a.regular.user_id, entity_id: String(body.command.command_id) }]);
  });

  it("records the caller even when user_id names a colleague", async () => {
    const res = await save(a.regular.auth, { command: 'as admin', user_id: a.admin.user_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().command.user_id).toBe(a.regular.user_id);
    const row = (await stored(a.companyId)).find((r) => r.command === 'as admin');
    expect(row?.user_id).toBe(a.regular.user_id);
  });

  it('refuses a user of another company (404) and stores nothing there', async () => {
    const before = (await stored(a.companyId)).length;
    const res = await save(b.admin.auth, { command: 'peek', user_id: a.regular.user_id });
    expect(res.statusCode).toBe(404);
    expect(await stored(a.companyId)).toHaveLength(before);
    expect(await stored(b.companyId)).toHaveLength(0);
  });

  it('names the field for missing, blank, too long, NUL and out-of-range input', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ user_id: a.admin.user_id }, 'command'],
      [{ command: '   ', user_id: a.admin.user_id }, 'command'],
      [{ command: 'x'.repeat(4001), user_id: a.admin.user_id }, 'command'],
      [{ command: 'a\u0000b', user_id: a.admin.user_id }, 'command'],
      [{ command: 'ok' }, 'user_id'],
      [{ command: 'ok', user_id: 2 ** 31 }, 'user_id'],
      [{ command: 'ok', user_id: 'abc' }, 'user_id'],
    ];
    for (const [query, field] of cases) {
      const res = await save(a.admin.auth, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field, JSON.stringify(query)).toBe(field);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await save({}, { command: 'x', user_id: a.admin.user_id })).statusCode).toBe(401);
  });

  it('stores once when the same Idempotency-Key is sent twice', async () => {
    const key = { 'idempotency-key': `cmd-${a.companyId}-once` };
    const first = await save(a.admin.auth, { command: 'repeat me', user_id: a.admin.user_id }, key);
    const second = await save(a.admin.auth, { command: 'repeat me', user_id: a.admin.user_id }, key);
    expect(second.json()).toEqual(first.json());
    expect((await stored(a.companyId)).filter((r) => r.command === 'repeat me')).toHaveLength(1);
  });
});
