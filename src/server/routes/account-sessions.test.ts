import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, bookings, idempotencyKeys, users } from '../db/schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { ApiClient, startTestServer, type TestServer } from '../test-support/test-server';
import { NOW } from '../test-support/clock';
import { withApi } from '../test-support/with-api';

// Issue 11 / ASVS V3: signed-in devices (list, sign out one, sign out the others) and the idle timeout, on a
// clock the tests move.
const MINUTE = 60_000;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let now = NOW;
const { server } = withApi({ seed: false, clock: () => now });
beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const client = () => new ApiClient(server.baseUrl);
async function signIn(email: string, password: string, userAgent = FIREFOX_WINDOWS) {
  const api = client();
  const res = await api.post('/api/auth/login', { email, password }, { 'user-agent': userAgent });
  expect(res.status).toBe(200);
  return api;
}
const sessionRow = async (api: ApiClient) => {
  const tokenHash = createHash('sha256').update(api.cookie('nb_session')!).digest('hex');
  return (await db().select().from(authSessions).where(eq(authSessions.tokenHash, tokenHash)))[0];
};
async function newAdmin() {
  const admin = await createParent(db(), [], 'admin');
  await db().update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
  return admin;
}

describe('GET /api/me/sessions', () => {
  it('needs a session, like the other account calls', async () => {
    expect((await client().get('/api/me/sessions')).status).toBe(401);
    expect((await client().post('/api/me/sessions/sign-out-others')).status).toBe(401);
    expect((await client().request('DELETE', `/api/me/sessions/${crypto.randomUUID()}`)).status).toBe(401);
  });

  it('lists the own sign-ins with a device label, this device first, and never a token or its hash', async () => {
    const parent = await createParent(db(), []);
    const laptop = await signIn(parent.email, parent.password, FIREFOX_WINDOWS);
    now = new Date(NOW.getTime() + 10 * MINUTE);
    const phone = await signIn(parent.email, parent.password, CHROME_ANDROID);
    const other = await createParent(db(), []);
    await signIn(other.email, other.password);

    now = new Date(NOW.getTime() + 20 * MINUTE);
    const res = await laptop.get('/api/me/sessions');
    expect(res.status).toBe(200);
    const laptopRow = (await sessionRow(laptop))!;
    const phoneRow = (await sessionRow(phone))!;
    expect(res.body).toEqual({
      sessions: [
        // The laptop's request just now moved its last-seen time (more than 5 minutes after the sign-in).
        { id: laptopRow.id, device: 'Firefox on Windows', createdAt: NOW.toISOString(), lastSeenAt: now.toISOString(), current: true },
        {
          id: phoneRow.id,
          device: 'Chrome on Android',
          createdAt: new Date(NOW.getTime() + 10 * MINUTE).toISOString(),
          lastSeenAt: new Date(NOW.getTime() + 10 * MINUTE).toISOString(),
          current: false,
        },
      ],
    });
    const text = JSON.stringify(res.body);
    for (const secret of [laptop.cookie('nb_session')!, phone.cookie('nb_session')!, laptopRow.tokenHash, phoneRow.tokenHash]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('signing out other devices', () => {
  it('DELETE /api/me/sessions/:id ends one own session; another user\'s id or a made-up one is 404', async () => {
    const parent = await createParent(db(), []);
    const laptop = await signIn(parent.email, parent.password);
    const phone = await signIn(parent.email, parent.password, CHROME_ANDROID);
    const stranger = await createParent(db(), []);
    const strangerApi = await signIn(stranger.email, stranger.password);
    const strangerRow = (await sessionRow(strangerApi))!;

    for (const id of [strangerRow.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await laptop.request('DELETE', `/api/me/sessions/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Session not found', code: 'NOT_FOUND' });
    }
    expect((await strangerApi.get('/api/me')).status).toBe(200);

    const phoneRow = (await sessionRow(phone))!;
    const res = await laptop.request('DELETE', `/api/me/sessions/${phoneRow.id}`);
    expect(res.status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me/sessions')).body.sessions).toHaveLength(1);
  });

  it('POST /api/me/sessions/sign-out-others ends every other session of the user only', async () => {
    const parent = await createParent(db(), []);
    const devices = [await signIn(parent.email, parent.password), await signIn(parent.email, parent.password), await signIn(parent.email, parent.password)];
    const stranger = await createParent(db(), []);
    const strangerApi = await signIn(stranger.email, stranger.password);

    const res = await devices[0]!.post('/api/me/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedOut: 2 });
    expect((await devices[0]!.get('/api/me')).status).toBe(200);
    expect((await devices[1]!.get('/api/me')).status).toBe(401);
    expect((await devices[2]!.get('/api/me')).status).toBe(401);
    expect((await strangerApi.get('/api/me')).status).toBe(200);
    expect((await devices[0]!.post('/api/me/sessions/sign-out-others')).body).toEqual({ signedOut: 0 });
  });
});

describe('idle timeout', () => {
  it('a parent stays signed in while active and is signed out after 7 days idle (SESSION_IDLE_MINUTES)', async () => {
    const parent = await createParent(db(), []);
    const api = await signIn(parent.email, parent.password);
    now = new Date(NOW.getTime() + 7 * 24 * 60 * MINUTE - MINUTE);
    expect((await api.get('/api/me')).status).toBe(200);
    const touched = now;
    expect((await sessionRow(api))!.lastSeenAt.toISOString()).toBe(touched.toISOString());
    now = new Date(touched.getTime() + 7 * 24 * 60 * MINUTE);
    expect((await api.get('/api/me')).status).toBe(200);
    now = new Date(now.getTime() + 7 * 24 * 60 * MINUTE + MINUTE);
    const res = await api.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
    // The sign-in is over for good: the row is gone, and moving the clock back does not revive it.
    expect(await sessionRow(api)).toBeUndefined();
    now = NOW;
    expect((await api.get('/api/me')).status).toBe(401);
  });

  it('an administrator is signed out after 60 minutes idle (ADMIN_SESSION_IDLE_MINUTES)', async () => {
    const admin = await newAdmin();
    const api = await signIn(admin.email, admin.password);
    now = new Date(NOW.getTime() + 59 * MINUTE);
    expect((await api.get('/api/admin/stats')).status).toBe(200);
    now = new Date(now.getTime() + 59 * MINUTE);
    expect((await api.get('/api/admin/stats')).status).toBe(200);
    now = new Date(now.getTime() + 61 * MINUTE);
    expect((await api.get('/api/admin/stats')).status).toBe(401);
    expect(await sessionRow(api)).toBeUndefined();
  });

  it('writes last_seen_at at most once every 5 minutes', async () => {
    const parent = await createParent(db(), []);
    const api = await signIn(parent.email, parent.password);
    const lastSeen = async () => (await sessionRow(api))!.lastSeenAt.toISOString();
    expect(await lastSeen()).toBe(NOW.toISOString());
    now = new Date(NOW.getTime() + 4 * MINUTE);
    await api.get('/api/me');
    expect(await lastSeen()).toBe(NOW.toISOString());
    now = new Date(NOW.getTime() + 6 * MINUTE);
    await Promise.all([api.get('/api/me'), api.get('/api/me'), api.get('/api/me')]);
    expect(await lastSeen()).toBe(now.toISOString());
    const sixMinutes = now;
    now = new Date(NOW.getTime() + 9 * MINUTE);
    await api.get('/api/me');
    expect(await lastSeen()).toBe(sixMinutes.toISOString());
  });
});

describe('a booking checks the sign-in in its own statement (decision 017)', () => {
  /** A parent with one child, signed in, and a session tomorrow (inside the booking window) for that child. */
  async function bookingSetUp() {
    const parent = await createParent(db(), [['Mia', 3]]);
    const api = await signIn(parent.email, parent.password);
    const classType = await createClassType(db());
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(NOW.getTime() + 24 * 60 * MINUTE) });
    const book = (key: string) => api.post('/api/bookings', { sessionId: session.id, childNames: ['Mia'] }, { 'idempotency-key': key });
    const written = async () => ({
      bookings: (await db().select().from(bookings).where(eq(bookings.familyId, parent.id))).length,
      keys: (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, parent.id))).length,
    });
    return { parent, api, book, written };
  }
  const signedOut = { message: 'Please sign in to continue', code: 'UNAUTHENTICATED' };

  it('books for the signed-in parent, and moves last_seen_at as any request would', async () => {
    const { api, book, written } = await bookingSetUp();
    now = new Date(NOW.getTime() + 6 * MINUTE);
    const res = await book(crypto.randomUUID());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ childNames: ['Mia'], status: 'CONFIRMED' });
    expect(await written()).toEqual({ bookings: 1, keys: 1 });
    expect((await sessionRow(api))!.lastSeenAt.toISOString()).toBe(now.toISOString());
  });

  it('a sign-in ended on another device books nothing and claims no key: 401', async () => {
    const { parent, book, written } = await bookingSetUp();
    const otherDevice = await signIn(parent.email, parent.password, CHROME_ANDROID);
    expect((await otherDevice.post('/api/me/sessions/sign-out-others')).body).toEqual({ signedOut: 1 });
    const res = await book(crypto.randomUUID());
    expect([res.status, res.body]).toEqual([401, signedOut]);
    expect(await written()).toEqual({ bookings: 0, keys: 0 });
  });

  it('an idle sign-in (past SESSION_IDLE_MINUTES) or a deactivated account books nothing: 401', async () => {
    const idle = await bookingSetUp();
    now = new Date(NOW.getTime() + 7 * 24 * 60 * MINUTE + MINUTE);
    expect([(await idle.book(crypto.randomUUID())).status, await idle.written()]).toEqual([401, { bookings: 0, keys: 0 }]);

    now = NOW;
    const deactivated = await bookingSetUp();
    await db().update(users).set({ isActive: false }).where(eq(users.id, deactivated.parent.id));
    expect([(await deactivated.book(crypto.randomUUID())).status, await deactivated.written()]).toEqual([401, { bookings: 0, keys: 0 }]);
  });

  it("an administrator's sign-in counts its own idle limit (ADMIN_SESSION_IDLE_MINUTES)", async () => {
    const admin = await newAdmin();
    const api = await signIn(admin.email, admin.password);
    const classType = await createClassType(db());
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(NOW.getTime() + 24 * 60 * MINUTE) });
    const book = () => api.post('/api/bookings', { sessionId: session.id, childNames: ['Mia'] });
    now = new Date(NOW.getTime() + 59 * MINUTE);
    // Signed in: the office has no children of its own to book.
    expect((await book()).status).toBe(400);
    now = new Date(now.getTime() + 61 * MINUTE);
    expect([(await book()).status, (await book()).body]).toEqual([401, signedOut]);
  });

  it('a cookie that was never a sign-in, or no cookie, is 401', async () => {
    const api = client();
    expect((await api.post('/api/bookings', { sessionId: crypto.randomUUID(), childNames: ['Mia'] })).status).toBe(401);
    const forged = client();
    forged.setCookie('nb_session', 'x'.repeat(43));
    expect((await forged.post(`/api/bookings/${crypto.randomUUID()}/cancel`)).status).toBe(401);
  });
});

describe('the session cookie in production', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  async function cookieOf(env: Record<string, string>) {
    const instance = await startTestServer({ seed: false, env });
    servers.push(instance);
    const parent = await createParent(instance.database.db, []);
    const api = new ApiClient(instance.baseUrl);
    const res = await api.post('/api/auth/login', { email: parent.email, password: parent.password });
    expect(res.status).toBe(200);
    return { api, cookie: res.setCookies[0]!, baseUrl: instance.baseUrl };
  }

  it('is __Host-nb_session, Secure, Path=/ and without Domain, even over plain HTTP, and is accepted back', async () => {
    const { api, cookie, baseUrl } = await cookieOf({ NODE_ENV: 'production' });
    expect(cookie).toMatch(/^__Host-nb_session=[A-Za-z0-9_-]{43};/);
    const attributes = cookie.split(';').slice(1).map((a) => a.trim().split('=')[0]!.toLowerCase());
    expect(attributes.sort()).toEqual(['expires', 'httponly', 'path', 'samesite', 'secure']);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect((await api.get('/api/me')).status).toBe(200);
    expect((await api.get('/api/me/sessions')).body.sessions).toHaveLength(1);
    // The old name is not read in production.
    const renamed = new ApiClient(baseUrl);
    renamed.setCookie('nb_session', api.cookie('__Host-nb_session')!);
    expect((await renamed.get('/api/me')).status).toBe(401);
    const logout = await api.post('/api/auth/logout');
    expect(logout.setCookies[0]).toMatch(/^__Host-nb_session=;.*Secure/);
    expect((await api.get('/api/me')).status).toBe(401);
  });

  it('is nb_session without Secure with INSECURE_HTTP=true, and in development', async () => {
    const envs: Array<Record<string, string>> = [{ NODE_ENV: 'production', INSECURE_HTTP: 'true' }, { NODE_ENV: 'development' }];
    for (const env of envs) {
      const { api, cookie } = await cookieOf(env);
      expect(cookie, JSON.stringify(env)).toMatch(/^nb_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).not.toMatch(/Secure/i);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect((await api.get('/api/me')).status).toBe(200);
    }
  });
});
