import { desc, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { torontoTime } from '../../shared/rules/week';
import { activityEntries, pendingSignIns, totpFactors } from '../db/schema';
import { createPasskey, signInWith, type SoftPasskey } from '../test-support/soft-authenticator';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';
import { PASSKEY_SIGN_INS_PER_MINUTE } from './second-factor';

// Issue 34, second factors (docs/product-rules.md "Second factors"), through HTTP: the authenticator app's codes on a
// fixed clock, ten recovery codes used once each, passkeys made and used by a software authenticator, the two-step
// sign-in of staff, the set-up STAFF_TWO_STEP=required asks for first, and a SUPER_ADMIN's reset.
let now = new Date(torontoTime(2026, 11, 25, 10, 0).getTime());
const epoch = () => Math.floor(now.getTime() / 1000);
const code = (secret: string, at = epoch()) => generateSync({ secret, epoch: at });

let made = 0;
/** A staff member (or a parent) made by the office, signed in. */
async function newAccount(office: ApiClient, baseUrl: string, role: 'COACH' | 'ADMIN' | 'PARENT' = 'COACH') {
  made += 1;
  const email = `factor-${role.toLowerCase()}-${made}-${Date.now()}@example.com`;
  const password = 'factor-pass-1';
  const created = await office.post('/api/admin/users', { email, firstName: 'Fay', lastName: `Factor${made}`, password, role, planTier: 'ONE', weeklyLimit: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const api = new ApiClient(baseUrl);
  expect((await api.post('/api/auth/login', { email, password })).status).toBe(200);
  return { id: created.body.id as string, email, password, api };
}

/** Turns on the account's authenticator app; its secret and the ten recovery codes. */
async function turnOnApp(api: ApiClient) {
  const begun = await api.post('/api/me/factors/authenticator');
  expect(begun.status, JSON.stringify(begun.body)).toBe(200);
  expect(begun.body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const confirmed = await api.post('/api/me/factors/authenticator/confirm', { code: code(begun.body.secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: begun.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Adds a passkey made by the software authenticator. */
async function addPasskey(api: ApiClient, baseUrl: string, name = 'Test key'): Promise<SoftPasskey> {
  const options = await api.post('/api/me/factors/passkeys/options');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { passkey, response } = createPasskey(options.body.options, baseUrl);
  const added = await api.post('/api/me/factors/passkeys', { response, name });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return passkey;
}

async function passkeySignIn(api: ApiClient, baseUrl: string, passkey: SoftPasskey) {
  const options = await api.post('/api/auth/passkey/options');
  expect(options.status).toBe(200);
  return api.post('/api/auth/passkey/verify', { response: signInWith(passkey, options.body.options, baseUrl) });
}

describe('second factors with STAFF_TWO_STEP=optional (the demo)', () => {
  const { server, clients } = withApi({ as: ['admin', 'owner'], clock: () => now });

  it("a staff member's authenticator app makes the sign-in two steps: no session until the code, each code once", async () => {
    const staff = await newAccount(clients.admin, server.baseUrl);
    const { secret, recoveryCodes } = await turnOnApp(staff.api);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    // The secret is sealed at rest.
    const [stored] = await server.database.db.select().from(totpFactors).where(eq(totpFactors.userId, staff.id));
    expect(stored!.secret).not.toContain(secret);

    const browser = new ApiClient(server.baseUrl);
    const first = await browser.post('/api/auth/login', { email: staff.email, password: staff.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ next: 'second-factor', methods: ['code'] });
    expect(first.setCookies.some((line) => line.startsWith('nb_session='))).toBe(false);
    expect(first.setCookies.find((line) => line.startsWith('nb_pending='))).toMatch(/HttpOnly/i);
    expect((await browser.get('/api/me')).status).toBe(401);

    const wrong = await browser.post('/api/auth/second-factor', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('SECOND_FACTOR_INVALID');
    now = new Date(now.getTime() + 31_000);
    const used = code(secret);
    const right = await browser.post('/api/auth/second-factor', { code: used });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.user.email).toBe(staff.email);
    expect((await browser.get('/api/me')).status).toBe(200);

    // The same code again (a second browser a moment later) is refused; the next step's code passes.
    const other = new ApiClient(server.baseUrl);
    expect((await other.post('/api/auth/login', { email: staff.email, password: staff.password })).body.next).toBe('second-factor');
    expect((await other.post('/api/auth/second-factor', { code: used })).status).toBe(401);
    now = new Date(now.getTime() + 30_000);
    expect((await other.post('/api/auth/second-factor', { code: code(secret) })).status).toBe(200);
  });

  it('recovery codes sign in once each, typed with or without dashes', async () => {
    const staff = await newAccount(clients.admin, server.baseUrl, 'ADMIN');
    const { recoveryCodes } = await turnOnApp(staff.api);
    const signIn = async (typed: string) => {
      const browser = new ApiClient(server.baseUrl);
      expect((await browser.post('/api/auth/login', { email: staff.email, password: staff.password })).body.next).toBe('second-factor');
      return browser.post('/api/auth/second-factor', { code: typed });
    };
    expect((await signIn(recoveryCodes[0]!.toLowerCase().replace(/-/g, ' '))).status).toBe(200);
    expect((await signIn(recoveryCodes[0]!)).status).toBe(401);
    expect((await signIn(recoveryCodes[1]!)).status).toBe(200);
    expect((await staff.api.get('/api/me/factors')).body).toMatchObject({ authenticator: true, recoveryCodesLeft: 8, required: false });
    // New codes replace the old ones.
    const renewed = await staff.api.post('/api/me/factors/recovery-codes');
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await signIn(recoveryCodes[2]!)).status).toBe(401);
    expect((await signIn(renewed.body.recoveryCodes[0])).status).toBe(200);
  });

  it('five wrong codes end the pending sign-in; it also ends after five minutes', async () => {
    const staff = await newAccount(clients.admin, server.baseUrl);
    const { secret } = await turnOnApp(staff.api);
    const browser = new ApiClient(server.baseUrl);
    await browser.post('/api/auth/login', { email: staff.email, password: staff.password });
    for (let i = 0; i < 5; i++) expect((await browser.post('/api/auth/second-factor', { code: '123456' })).body.code).toBe('SECOND_FACTOR_INVALID');
    const ended = await browser.post('/api/auth/second-factor', { code: code(secret) });
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ code: 'SECOND_FACTOR_EXPIRED', message: 'Your sign-in timed out. Sign in with your email and password again.' });

    await browser.post('/api/auth/login', { email: staff.email, password: staff.password });
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    expect((await browser.post('/api/auth/second-factor', { code: code(secret) })).body.code).toBe('SECOND_FACTOR_EXPIRED');
    expect(await server.database.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, staff.id))).toHaveLength(1);
  });

  it('a passkey signs in on its own, and finishes a staff sign-in only for its own account', async () => {
    const staff = await newAccount(clients.admin, server.baseUrl);
    const passkey = await addPasskey(staff.api, server.baseUrl, 'Door tablet');
    expect((await staff.api.get('/api/me/factors')).body.passkeys).toEqual([
      { id: passkey.id, name: 'Door tablet', createdAt: now.toISOString(), lastUsedAt: null },
    ]);

    const alone = new ApiClient(server.baseUrl);
    const signedIn = await passkeySignIn(alone, server.baseUrl, passkey);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.email).toBe(staff.email);
    expect((await alone.get('/api/me')).body.email).toBe(staff.email);

    // The password first: the passkey is then the second step.
    const twoStep = new ApiClient(server.baseUrl);
    expect((await twoStep.post('/api/auth/login', { email: staff.email, password: staff.password })).body).toEqual({ next: 'second-factor', methods: ['passkey'] });
    // Another account's passkey does not finish this sign-in.
    const someoneElse = await newAccount(clients.admin, server.baseUrl);
    const theirs = await addPasskey(someoneElse.api, server.baseUrl);
    expect((await passkeySignIn(twoStep, server.baseUrl, theirs)).status).toBe(401);
    const finished = await passkeySignIn(twoStep, server.baseUrl, passkey);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.user.email).toBe(staff.email);

    // A challenge is used once: the same answer again is refused.
    const replay = new ApiClient(server.baseUrl);
    const options = await replay.post('/api/auth/passkey/options');
    const answer = signInWith(passkey, options.body.options, server.baseUrl);
    expect((await replay.post('/api/auth/passkey/verify', { response: answer })).status).toBe(200);
    const again = await replay.post('/api/auth/passkey/verify', { response: answer });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('PASSKEY_REFUSED');
  });

  it("a parent may add a passkey; the parent's password sign-in stays one step", async () => {
    const parent = await newAccount(clients.admin, server.baseUrl, 'PARENT');
    const passkey = await addPasskey(parent.api, server.baseUrl);
    const browser = new ApiClient(server.baseUrl);
    expect((await browser.post('/api/auth/login', { email: parent.email, password: parent.password })).body.user.email).toBe(parent.email);
    expect((await passkeySignIn(new ApiClient(server.baseUrl), server.baseUrl, passkey)).body.user.email).toBe(parent.email);
  });

  it('a SUPER_ADMIN resets the factors of someone who lost them (recorded, secrets never); an ADMIN may not, nor may anyone their own', async () => {
    const staff = await newAccount(clients.admin, server.baseUrl);
    await turnOnApp(staff.api);
    await addPasskey(staff.api, server.baseUrl);
    const byAdmin = await clients.admin.post(`/api/admin/users/${staff.id}/reset-second-factors`);
    expect(byAdmin.status).toBe(403);
    const ownerId = (await clients.owner.get('/api/me')).body.id;
    expect((await clients.owner.post(`/api/admin/users/${ownerId}/reset-second-factors`)).status).toBe(409);

    const reset = await clients.owner.post(`/api/admin/users/${staff.id}/reset-second-factors`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await staff.api.get('/api/me/factors')).body).toMatchObject({ passkeys: [], authenticator: false, recoveryCodesLeft: 0 });
    const browser = new ApiClient(server.baseUrl);
    expect((await browser.post('/api/auth/login', { email: staff.email, password: staff.password })).body.user.email).toBe(staff.email);

    const [entry] = await server.database.db.select().from(activityEntries).where(eq(activityEntries.kind, 'factors.reset')).orderBy(desc(activityEntries.at)).limit(1);
    expect(entry).toMatchObject({ actorRole: 'SUPER_ADMIN', kind: 'factors.reset' });
    const tables = (entry!.changes as Array<{ table: string; op: string }>).map((c) => `${c.op} ${c.table}`);
    expect(tables).toEqual(expect.arrayContaining(['DELETE passkeys', 'DELETE totp_factors', 'DELETE recovery_codes']));
    const text = JSON.stringify(entry!.changes);
    expect(text).not.toMatch(/"(public_key|secret|code_hash)","before"/);
    expect(text).toContain('"field":"secret","redacted":true');
  });
});

describe('passkey sign-ins from one address are limited (no account needed to ask for a challenge)', () => {
  const { server } = withApi({ clock: () => now });

  it(`answers ${PASSKEY_SIGN_INS_PER_MINUTE} a minute, then 429 saying when to try again`, async () => {
    const browser = new ApiClient(server.baseUrl);
    for (let i = 0; i < PASSKEY_SIGN_INS_PER_MINUTE; i++) expect((await browser.post('/api/auth/passkey/options')).status).toBe(200);
    const refused = await browser.post('/api/auth/passkey/options');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(/^Too many passkey sign-ins from this address\. Try again in \d+ seconds\.$/);
  });
});

describe('STAFF_TWO_STEP=required (the production default)', () => {
  const { server, clients } = withApi({ as: ['admin'], clock: () => now, env: { STAFF_TWO_STEP: 'required' } });

  it('a staff member without a factor sets one up before anything else, and cannot remove the last one', async () => {
    // The office's own demo admin has no factor either: the office creates the coach through a fresh owner-less path.
    const refused = await clients.admin.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'SECOND_FACTOR_SET_UP_REQUIRED', message: 'Add a passkey or an authenticator app to your account before anything else.' });
    expect((await clients.admin.get('/api/me')).status).toBe(200);
    expect((await clients.admin.get('/api/me/factors')).body).toMatchObject({ required: true, passkeys: [], authenticator: false });

    const { secret } = await turnOnApp(clients.admin);
    expect((await clients.admin.get('/api/admin/users')).status).toBe(200);
    const last = await clients.admin.request('DELETE', '/api/me/factors/authenticator');
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('LAST_SECOND_FACTOR');

    // With a passkey beside it, the app can go.
    await addPasskey(clients.admin, server.baseUrl);
    expect((await clients.admin.request('DELETE', '/api/me/factors/authenticator')).status).toBe(200);
    expect(secret).toBeTruthy();
  });
});
