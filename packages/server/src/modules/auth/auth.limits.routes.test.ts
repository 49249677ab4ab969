import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { authMessages as msg } from '@verdant/contract';
import { makeUser } from '../../test/factories.js';
import { t, a, b, freshIp, login, useAuthApp } from '../../test/auth-kit.js';

useAuthApp();

describe('brute-force limits on sign-in (3 per account and address, 30 per address, delays from 6 per account)', () => {
  const failedAttemptsFrom = (email: string, ips: string[]) =>
    t.app.db
      .insertInto('auth_attempts')
      .values(ips.map((ip) => ({ kind: 'login:account-address', key: `${email} ${ip}`, at: new Date() })))
      .execute();

  it('refuses an account from one address after too many failures there, with Retry-After', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'wrong-password', ip)).statusCode).toBe(401);
    const res = await login(u.email, u.password, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 'error', message: msg.tooManyAttempts, error: 'too_many_requests' });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it("cannot be used to lock the owner out: a stranger's failures elsewhere leave the owner's address open", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const stranger = freshIp();
    for (let i = 0; i < 3; i++) await login(u.email, 'wrong-password', stranger);
    expect((await login(u.email, u.password, stranger)).statusCode).toBe(429);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('slows down, but lets in, an account guessed at from many addresses; the owner does not wipe the evidence', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    await failedAttemptsFrom(u.email, ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5', '10.9.0.6']);
    const started = Date.now();
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const left = await t.app.db.selectFrom('auth_attempts').select('key').where('key', 'like', `${u.email} %`).execute();
    expect(left).toHaveLength(6);
  });

  it('lets the account in again once the window has passed', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(429);
    await t.app.db
      .updateTable('auth_attempts')
      .set({ at: sql`at - interval '61 seconds'` })
      .where('key', '=', `${u.email} ${ip}`)
      .execute();
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
  });

  it('refuses an address after too many failures on any accounts; other addresses still get in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await login(`x${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(b.regular.email, b.regular.password, ip)).statusCode).toBe(429);
    expect((await login(b.regular.email, b.regular.password)).statusCode).toBe(200);
  });

  it("does not forgive other people's failures from the same address when someone signs in", async () => {
    const ip = freshIp();
    for (let i = 0; i < 29; i++) await login(`y${i}@example.com`, 'wrong-password', ip);
    expect((await login(b.admin.email, b.admin.password, ip)).statusCode).toBe(200);
    await login('y29@example.com', 'wrong-password', ip);
    expect((await login(b.admin.email, b.admin.password, ip)).statusCode).toBe(429);
  });

  it("forgives the account's own failures from its address when it signs in", async () => {
    const u = await makeUser(t.app, b.companyId, 'Regular');
    const ip = freshIp();
    await login(u.email, 'wrong-password', ip);
    await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
    await login(u.email, 'wrong-password', ip);
    await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
  });

  it("lets a shift's scouts sign in at once from one address (a greenhouse's NAT): 25 together, all in", async () => {
    const ip = freshIp();
    const scouts = await Promise.all(Array.from({ length: 25 }, () => makeUser(t.app, a.companyId, 'Regular')));
    const answers = await Promise.all(scouts.map((u) => login(u.email, u.password, ip)));
    expect(answers.map((r) => r.statusCode)).toEqual(scouts.map(() => 200));
  });
});
