import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { passwordTokens, users } from '../db/schema';
import { createParent } from '../test-support/fixtures';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';
import { NOW } from '../test-support/clock';

// Set-password links (welcome e-mails and the office's "send a link"), through real HTTP and a real SMTP
// sink, with the server's clock pinned so the 72-hour expiry can be crossed.
const HOUR = 3_600_000;
const LINK_GONE = 'This link has expired or was already used. Please ask our office for a new one.';

let now = NOW;
const {
  server,
  smtp,
  clients: { admin, owner },
  userIds,
} = withApi({ as: ['admin', 'owner'], smtp: true, clock: () => now, env: { BUSINESS_NAME: 'Test Athletics', PUBLIC_URL: 'https://portal.test' } });

beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const anonymous = () => new ApiClient(server.baseUrl);
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}-${Date.now()}@example.com`;

const tokenIn = (text: string | undefined) => {
  const token = /https:\/\/portal\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no set-password link in: ${text}`);
  return token;
};
const mailsTo = (email: string, subjectStart: string) =>
  smtp.messages.filter((m) => m.to?.some((a) => a.address === email) && (m.subject ?? '').startsWith(subjectStart));

/** Waits for the n-th (1-based) e-mail to `email` whose subject starts so, and returns its link's token. */
async function nthLink(email: string, subjectStart: string, n: number): Promise<string> {
  await smtp.waitFor(() => mailsTo(email, subjectStart).length >= n);
  return tokenIn(mailsTo(email, subjectStart)[n - 1]!.text);
}

/** A new account without a password; resolves with the token of its welcome e-mail. */
async function accountWithWelcomeLink(firstName = 'Wren') {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await admin.post('/api/admin/users', { firstName, lastName: 'Hale', email });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email, token: await nthLink(email, 'Welcome to Test Athletics', 1) };
}
const sendLink = (api: ApiClient, id: string) => api.post(`/api/admin/users/${id}/set-password-link`);
const check = (token: string) => anonymous().get(`/api/auth/set-password?token=${encodeURIComponent(token)}`);
const use = (token: string, newPassword = 'chosen-pass-1', api = anonymous()) => api.post('/api/auth/set-password', { token, newPassword });

describe('GET /api/auth/set-password', () => {
  it('names whom a working link is for, and answers 410 for anything else without telling which', async () => {
    const { email, token } = await accountWithWelcomeLink('Greta');
    const res = await check(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Greta', email });
    for (const path of [
      '/api/auth/set-password?token=unknown-token',
      // The real token with its last character changed (to another one: a token may well end in 'A').
      `/api/auth/set-password?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      '/api/auth/set-password?token=',
      '/api/auth/set-password',
    ]) {
      expect(failure(await anonymous().get(path)), path).toEqual({ status: 410, message: LINK_GONE });
    }
  });
});

describe('POST /api/auth/set-password', () => {
  it('sets the password, signs the family in with a session cookie like login, and works only once', async () => {
    const { id, email, token } = await accountWithWelcomeLink();
    const browser = anonymous();
    const res = await use(token, 'chosen-pass-1', browser);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id, email, firstName: 'Wren', role: 'PARENT' });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    const cookie = res.setCookies.find((line) => line.startsWith('nb_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await browser.get('/api/me')).body).toMatchObject({ id });
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    expect(failure(await use(token, 'second-try-1'))).toEqual({ status: 410, message: LINK_GONE });
    expect(failure(await check(token))).toEqual({ status: 410, message: LINK_GONE });
    await new ApiClient(server.baseUrl).login(email, 'chosen-pass-1');
    expect((await anonymous().post('/api/auth/login', { email, password: 'second-try-1' })).status).toBe(401);
  });

  it('validates the new password and refuses unknown tokens with the same 410', async () => {
    const { token } = await accountWithWelcomeLink();
    expect(failure(await use(token, '12345'))).toEqual({ status: 400, message: 'newPassword: Password must be at least 6 characters' });
    expect(failure(await anonymous().post('/api/auth/set-password', { newPassword: 'chosen-pass-1' }))).toEqual({
      status: 400,
      message: 'token: This link is not valid',
    });
    expect(failure(await use('made-up-token'))).toEqual({ status: 410, message: LINK_GONE });
    // The refused attempts did not use the link up.
    expect((await check(token)).status).toBe(200);
  });

  it('expires 72 hours after it was made, by the server clock', async () => {
    const { token } = await accountWithWelcomeLink();
    now = new Date(NOW.getTime() + 72 * HOUR - 60_000);
    expect((await check(token)).status).toBe(200);
    now = new Date(NOW.getTime() + 72 * HOUR);
    expect(failure(await check(token))).toEqual({ status: 410, message: LINK_GONE });
    expect(failure(await use(token))).toEqual({ status: 410, message: LINK_GONE });
    now = new Date(NOW.getTime() + 100 * HOUR);
    expect(failure(await use(token))).toEqual({ status: 410, message: LINK_GONE });
  });

  it('two simultaneous uses of one link: exactly one succeeds', async () => {
    const { email, token } = await accountWithWelcomeLink();
    const results = await Promise.all([use(token, 'first-pass-1'), use(token, 'second-pass-2'), use(token, 'third-pass-3')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410]);
    const winner = ['first-pass-1', 'second-pass-2', 'third-pass-3'][results.findIndex((r) => r.status === 200)]!;
    await new ApiClient(server.baseUrl).login(email, winner);
  });

  it("ends the user's other sessions", async () => {
    const parent = await createParent(db(), [['Ava', 1]]);
    const oldDevice = new ApiClient(server.baseUrl);
    await oldDevice.login(parent.email, parent.password);
    expect((await sendLink(admin, parent.id)).status).toBe(200);
    const token = await nthLink(parent.email, 'Set your password', 1);
    // The password keeps working until the link is used.
    await new ApiClient(server.baseUrl).login(parent.email, parent.password);
    const newDevice = anonymous();
    expect((await use(token, 'fresh-pass-1', newDevice)).status).toBe(200);
    expect((await oldDevice.get('/api/me')).status).toBe(401);
    expect((await newDevice.get('/api/me')).status).toBe(200);
    expect((await anonymous().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(401);
  });

  it("a deleted account's link no longer works", async () => {
    const { id, token } = await accountWithWelcomeLink();
    expect((await admin.request('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    expect(failure(await check(token))).toEqual({ status: 410, message: LINK_GONE });
    expect(failure(await use(token))).toEqual({ status: 410, message: LINK_GONE });
  });
});

describe('POST /api/admin/users/:id/set-password-link', () => {
  it('emails a fresh link that retires the older ones', async () => {
    const { id, email, token: welcome } = await accountWithWelcomeLink('Hugo');
    const res = await sendLink(admin, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `A link to set the password was sent to ${email}` });
    const mail = (await smtp.waitForMail(email, 'Set your password for Test Athletics'));
    expect(mail.text).toContain('Hello Hugo,');
    expect(mail.text).toMatch(/works once and for 72 hours/);
    const fresh = tokenIn(mail.text);
    expect(fresh).not.toBe(welcome);
    expect(failure(await check(welcome))).toEqual({ status: 410, message: LINK_GONE });
    expect(failure(await use(welcome))).toEqual({ status: 410, message: LINK_GONE });

    expect((await sendLink(admin, id)).status).toBe(200);
    const newest = await nthLink(email, 'Set your password', 2);
    expect(failure(await use(fresh))).toEqual({ status: 410, message: LINK_GONE });
    expect((await use(newest)).status).toBe(200);
    // Only hashes are stored.
    const stored = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, id));
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.usedAt !== null && row.tokenHash.length === 64 && ![welcome, fresh, newest].includes(row.tokenHash))).toBe(true);
  });

  it('an administrator (SUPER_ADMIN or ADMIN) gets one only at the request of a SUPER_ADMIN; 404 for unknown ids', async () => {
    const other = await admin.post('/api/admin/users', { firstName: 'Ada', lastName: 'Admin', email: uniqueEmail('ada'), password: 'ada-pass-1', role: 'ADMIN' });
    // Issue 17: an ADMIN could point another administrator's e-mail at themselves, so the link is a SUPER_ADMIN's to send.
    expect(failure(await sendLink(admin, other.body.id))).toEqual({
      status: 403,
      message: 'Only a super administrator can send a set-password link to an administrator (or an account that was one in the last 30 days)',
    });
    expect((await sendLink(owner, other.body.id)).status).toBe(200);
    expect(failure(await sendLink(admin, userIds.owner))).toEqual({ status: 403, message: 'Only a super administrator can change this account' });
    expect((await sendLink(owner, userIds.owner)).status).toBe(200);
    expect(failure(await sendLink(admin, crypto.randomUUID()))).toEqual({ status: 404, message: 'User not found' });
  });

  it("the office changing a parent's password retires their outstanding links", async () => {
    const { id, token } = await accountWithWelcomeLink();
    expect((await admin.request('PUT', `/api/admin/users/${id}/change-password`, { newPassword: 'office-pass-1' })).status).toBe(200);
    expect((await db().select().from(passwordTokens).where(eq(passwordTokens.userId, id))).map((link) => link.usedAt)).toEqual([NOW]);
    expect(failure(await use(token))).toEqual({ status: 410, message: LINK_GONE });
  });

  it('changing one\'s own password retires every outstanding link (a parent, and an administrator)', async () => {
    for (const role of ['PARENT', 'ADMIN'] as const) {
      const email = uniqueEmail(role.toLowerCase());
      const created = await owner.post('/api/admin/users', { firstName: 'Iris', lastName: 'Vale', email, password: 'iris-first-pass-7', role });
      expect(created.status).toBe(201);
      expect((await sendLink(owner, created.body.id)).status).toBe(200);
      const token = await nthLink(email, 'Set your password', 1);
      const self = anonymous();
      await self.login(email, 'iris-first-pass-7');
      const changed = await self.post('/api/me/change-password', { currentPassword: 'iris-first-pass-7', newPassword: 'iris-second-pass-7' });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const links = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, created.body.id));
      expect(links.map((link) => link.usedAt)).toEqual([NOW]);
      expect(failure(await check(token)), role).toEqual({ status: 410, message: LINK_GONE });
      expect(failure(await use(token)), role).toEqual({ status: 410, message: LINK_GONE });
      await anonymous().login(email, 'iris-second-pass-7');
    }
  });

  it('parents cannot send links (admin guard)', async () => {
    const parent = await createParent(db(), []);
    const api = new ApiClient(server.baseUrl);
    await api.login(parent.email, parent.password);
    expect((await sendLink(api, parent.id)).status).toBe(403);
    expect((await sendLink(anonymous(), parent.id)).status).toBe(401);
  });
});
