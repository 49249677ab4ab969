import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makePlace, observeInBox } from '../../test/fixtures/unresolved-problems.fixtures.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  // As in production: the answers made as text by the database are sent as they are (not parsed and checked).
  t = await buildTestApp({ validateResponses: false });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: object, encoding?: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(headers as Record<string, string>), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe("a room's open problems written by the database (issue 19)", () => {
  it('sends the same JSON plain, gzip or brotli, each in one piece, and refuses another company as before', async () => {
    const place = await makePlace(t.app, a.companyId, 6, 6, 'Compressed room');
    for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) await observeInBox(t.app, a.companyId, place, x, y, x % 2 ? 'Spider mite' : 'Aphids', { severity: y });
    const url = `/get_unresolved_problems_for_room?room_id=${place.roomId}`;
    const plain = await get(url, a.regular.auth);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = plain.json();
    expect(expected.problems).toHaveLength(36);
    expect(expected.summary.map((s: { Problem: string; count: number }) => [s.Problem, s.count])).toEqual([['Aphids', 18], ['Spider mite', 18]]);

    const gz = await get(url, a.regular.auth, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);
    const br = await get(url, a.regular.auth, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);
    expect((await get(url, a.regular.auth, 'br;q=0, identity')).headers['content-encoding']).toBeUndefined();

    const theirs = await get(url, b.regular.auth, 'br');
    expect(theirs.statusCode).toBe(404);
  });
});
