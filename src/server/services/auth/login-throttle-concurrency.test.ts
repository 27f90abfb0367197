import { describe, expect, it } from 'vitest';
import { createParent } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { LOGIN_LIMITS, SIGN_INS_BUSY } from './login-throttle';
import { withApi } from '../../test-support/with-api';

// Many simultaneous guesses through HTTP. On PostgreSQL (DATABASE_URL set, as in CI) they run on separate
// pooled connections at the same time; on PGlite (one connection) the statements queue one after another but
// the password checks still overlap, so a check-then-record throttle lets every guess through on both. The
// attempt must be reserved (one atomic upsert) before the password is checked.
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

// TRUST_PROXY=1 lets each guess come from its own address, so only the per-account limit is in play.
const { server } = withApi({ seed: false, env: { TRUST_PROXY: '1' } });

const attempt = (email: string, password: string, ip: string) =>
  new ApiClient(server.baseUrl).post('/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

const statuses = (results: Array<{ status: number }>) =>
  results.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe(`login throttle under concurrency (${database})`, () => {
  it(`50 simultaneous wrong guesses for one account: ${LOGIN_LIMITS.perAccount} are checked (401), the rest refused (429)`, { timeout: 120_000 }, async () => {
    const parent = await createParent(server.database.db, []);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(parent.email, `wrong-guess-${i}`, `10.1.${i}.1`)));
    expect(statuses(results)).toEqual({ 401: LOGIN_LIMITS.perAccount, 429: 50 - LOGIN_LIMITS.perAccount });
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.body).toEqual({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.', code: 'RATE_LIMITED' });
    }
    // Inside the window even the right password is refused, from a fresh address.
    const right = await attempt(parent.email, parent.password, '10.2.0.1');
    expect(right.status).toBe(429);
    expect(right.setCookies).toEqual([]);
  });

  it(`a trusted device while the account is locked: of 30 simultaneous wrong guesses with it, ${LOGIN_LIMITS.perTrustedDevice} are checked`, { timeout: 120_000 }, async () => {
    const parent = await createParent(server.database.db, []);
    const phone = new ApiClient(server.baseUrl);
    expect((await phone.post('/api/auth/login', { email: parent.email, password: parent.password }, { 'x-forwarded-for': '10.5.0.1' })).status).toBe(200);
    const device = phone.cookie('nb_device')!;
    for (let i = 0; i <= LOGIN_LIMITS.perAccount; i++) await attempt(parent.email, `stranger-${i}`, `10.6.${i}.1`);
    const withDevice = (password: string, ip: string) => {
      const client = new ApiClient(server.baseUrl);
      client.setCookie('nb_device', device);
      return client.post('/api/auth/login', { email: parent.email, password }, { 'x-forwarded-for': ip });
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => withDevice(`wrong-guess-${i}`, `10.7.${i}.1`)));
    expect(statuses(results)).toEqual({ 401: LOGIN_LIMITS.perTrustedDevice, 429: 30 - LOGIN_LIMITS.perTrustedDevice });
    expect((await withDevice(parent.password, '10.8.0.1')).status).toBe(429);
  });

  it(`50 simultaneous guesses from one address across accounts: at most ${LOGIN_LIMITS.perAddress} are checked`, { timeout: 120_000 }, async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(`nobody-${i}@example.com`, 'wrong-guess', '10.3.0.1')));
    expect(statuses(results)).toEqual({ 401: LOGIN_LIMITS.perAddress, 429: 50 - LOGIN_LIMITS.perAddress });
    // The same /64 of IPv6 shares one counter; another /64 does not.
    const v6 = await Promise.all(Array.from({ length: 25 }, (_, i) => attempt(`v6-${i}@example.com`, 'wrong-guess', `2001:db8:1:2::${i + 1}`)));
    expect(statuses(v6)).toEqual({ 401: LOGIN_LIMITS.perAddress, 429: 25 - LOGIN_LIMITS.perAddress });
    expect((await attempt('v6-other@example.com', 'wrong-guess', '2001:db8:1:3::1')).status).toBe(401);
  });

  // Issue 29, item 16: a school's or a gym's shared Wi-Fi after an outage. Only wrong passwords are failures.
  it('30 families behind one address signing in at the same moment all get in, and so does the next one', { timeout: 120_000 }, async () => {
    const families = await Promise.all(Array.from({ length: 31 }, (_, i) => createParent(server.database.db, [], `wifi-${i}`)));
    const burst = await Promise.all(families.slice(0, 30).map((family) => attempt(family.email, family.password, '10.9.0.1')));
    expect(statuses(burst)).toEqual({ 200: 30 });
    expect((await attempt(families[30]!.email, families[30]!.password, '10.9.0.1')).status).toBe(200);
    // None of it counted as a failure: the address still has all its wrong guesses before the lock.
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await attempt(`nobody-${i}@example.com`, 'wrong-guess', '10.9.0.1')).status).toBe(401);
    expect((await attempt(families[0]!.email, families[0]!.password, '10.9.0.1')).status).toBe(429);
  });

  it('30 simultaneous correct sign-ins to one account from one address: none counts as a failure, and a later one gets in', { timeout: 120_000 }, async () => {
    const parent = await createParent(server.database.db, [], 'devices');
    const burst = await Promise.all(Array.from({ length: 30 }, () => attempt(parent.email, parent.password, '10.10.0.1')));
    // Five are checked at a time (the account's limit). On a machine too busy to check them all within the wait,
    // the rest are told to try again, which counts as nothing; never 'too many failed sign-in attempts'.
    const refused = burst.filter((res) => res.status !== 200);
    for (const res of refused) expect(res).toMatchObject({ status: 429, body: { message: SIGN_INS_BUSY } });
    expect(refused.length).toBeLessThan(30 - LOGIN_LIMITS.perAccount);
    expect((await attempt(parent.email, parent.password, '10.10.0.1')).status).toBe(200);
    // The account still locks after five wrong passwords.
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await attempt(parent.email, `wrong-${i}`, '10.10.0.1')).status).toBe(401);
    expect((await attempt(parent.email, parent.password, '10.10.0.1')).status).toBe(429);
  });

  it('successful sign-ins do not use up the address: 30 families behind one address all sign in', { timeout: 120_000 }, async () => {
    const families = await Promise.all(Array.from({ length: 30 }, (_, i) => createParent(server.database.db, [], `nat-${i}`)));
    for (const family of families) expect((await attempt(family.email, family.password, '10.4.0.1')).status).toBe(200);
    // …and the address still has its own budget for failures.
    expect((await attempt('nobody@example.com', 'wrong-guess', '10.4.0.1')).status).toBe(401);
  });
});
