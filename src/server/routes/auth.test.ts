import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, users } from '../db/schema';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

const client = () => new ApiClient(server.baseUrl);

const { server } = withApi();

describe('health and errors', () => {
  it('answers /api/health without a session', async () => {
    const res = await client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers /api/health/ready with the database it reached', async () => {
    const res = await client().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers unknown /api paths with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await client().request(method, '/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body.message).toMatch(/No such endpoint/);
    }
  });

  it('answers malformed JSON with a 400 and a clear message', async () => {
    const res = await client().request('POST', '/api/auth/login', '{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON', code: 'INVALID_JSON' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie and returns the user without any password hash', async () => {
    const api = client();
    const res = await api.post('/api/auth/login', { email: 'Parent@Example.com ', password: 'parent-demo-1' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Priya', role: 'PARENT', planTier: 'TWO' });
    // Issue 31: every demo child has a date of birth and sex (the age and girls-only rules show in the demo).
    expect(res.body.user.children).toEqual([
      { name: 'Ava', weeklyLimit: 2, birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), sex: 'F' },
      { name: 'Leo', weeklyLimit: 1, birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), sex: 'M' },
    ]);
    // No hash nor any password field (the guardians' boolean hasPassword, issue 31, says only whether one was chosen).
    expect(JSON.stringify(res.body).replace(/"hasPassword":(true|false)/g, '')).not.toMatch(/password|argon2/i);

    const [cookie] = res.setCookies;
    expect(cookie).toMatch(/^nb_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Expires=/);
    expect(cookie).not.toMatch(/Secure/); // plain HTTP here
  });

  it('stores only a hash of the session token', async () => {
    const api = client();
    await api.login('admin@example.com', 'admin-demo-1');
    const token = api.cookie('nb_session')!;
    const sha = createHash('sha256').update(token).digest('hex');
    const rows = await server.database.db.select().from(authSessions).where(eq(authSessions.tokenHash, sha));
    expect(rows).toHaveLength(1);
    const raw = await server.database.db.select().from(authSessions).where(eq(authSessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('issues a new token at every login and drops the session the client came with', async () => {
    const api = client();
    await api.login('parent@example.com', 'parent-demo-1');
    const first = api.cookie('nb_session')!;
    await api.login('parent@example.com', 'parent-demo-1');
    const second = api.cookie('nb_session')!;
    expect(second).not.toBe(first);

    const replay = client();
    replay.setCookie('nb_session', first);
    expect((await replay.get('/api/me')).status).toBe(401);
    expect((await api.get('/api/me')).status).toBe(200);
  });

  it('says "Invalid email or password" for a wrong password and for an unknown email alike', async () => {
    const wrong = await client().post('/api/auth/login', { email: 'parent2@example.com', password: 'nope-nope' });
    const unknown = await client().post('/api/auth/login', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(wrong.setCookies).toEqual([]);
  });

  it('validates the fields with the spec messages, naming the field', async () => {
    const badEmail = await client().post('/api/auth/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('email: Please enter a valid email address');

    const noPassword = await client().post('/api/auth/login', { email: 'parent@example.com', password: '' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('password: Password is required');

    const noBody = await client().post('/api/auth/login', {});
    expect(noBody.status).toBe(400);
    expect(noBody.body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'password']);
  });

  it('refuses a deactivated account with the same message', async () => {
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'family9@example.com'));
    const res = await client().post('/api/auth/login', { email: 'family9@example.com', password: 'family-demo-1' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password');
  });
});

describe('sessions', () => {
  it('GET /api/me is 401 without a session, with a JSON message', async () => {
    const res = await client().get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
  });

  it('GET /api/me ignores a forged token', async () => {
    const api = client();
    api.setCookie('nb_session', 'A'.repeat(43));
    expect((await api.get('/api/me')).status).toBe(401);
  });

  it('logout deletes the session, so a copied token stops working, and clears the cookie', async () => {
    const api = client();
    await api.login('parent@example.com', 'parent-demo-1');
    const token = api.cookie('nb_session')!;
    const res = await api.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.setCookies[0]).toMatch(/^nb_session=;/);
    const thief = client();
    thief.setCookie('nb_session', token);
    expect((await thief.get('/api/me')).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const api = client();
    await api.login('parent@example.com', 'parent-demo-1');
    const sha = createHash('sha256').update(api.cookie('nb_session')!).digest('hex');
    await server.database.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.tokenHash, sha));
    expect((await api.get('/api/me')).status).toBe(401);
  });
});

describe('POST /api/me/change-password', () => {
  it('needs a session', async () => {
    const res = await client().post('/api/me/change-password', { currentPassword: 'a', newPassword: 'abcdef' });
    expect(res.status).toBe(401);
  });

  it('checks the current password and the new password length', async () => {
    const api = client();
    await api.login('family1@example.com', 'family-demo-1');
    const wrong = await api.post('/api/me/change-password', { currentPassword: 'wrong', newPassword: 'abcdef' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const short = await api.post('/api/me/change-password', { currentPassword: 'family-demo-1', newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('newPassword: Password must be at least 6 characters');
    const missing = await api.post('/api/me/change-password', { newPassword: 'abcdefg' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('currentPassword: Current password is required');
  });

  it('changes the password: the new one signs in, the old one no longer does, other devices are signed out', async () => {
    const phone = client();
    await phone.login('family2@example.com', 'family-demo-1');
    const laptop = client();
    await laptop.login('family2@example.com', 'family-demo-1');

    const res = await laptop.post('/api/me/change-password', {
      currentPassword: 'family-demo-1',
      newPassword: 'brand-new-secret',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed successfully' });

    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: 'family2@example.com', password: 'family-demo-1' })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: 'family2@example.com', password: 'brand-new-secret' })).status).toBe(200);
  });
});

describe('POST /api/me/change-password attempt limit', () => {
  it('counts wrong current passwords on the account: over 5 in 15 minutes is 429, even for the right one, and locks sign-in too', async () => {
    const api = client();
    await api.login('family3@example.com', 'family-demo-1');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/api/me/change-password', { currentPassword: `guess-${i}`, newPassword: 'taken-over-1' })),
    );
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(5);
    const refused = guesses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.body).toEqual({ message: 'Too many incorrect passwords. Please wait 15 minutes and try again.', code: 'RATE_LIMITED' });

    const right = await api.post('/api/me/change-password', { currentPassword: 'family-demo-1', newPassword: 'taken-over-1' });
    expect(right.status).toBe(429);
    expect((await client().post('/api/auth/login', { email: 'family3@example.com', password: 'family-demo-1' })).status).toBe(429);
    // Nothing changed: the session still works and the password is the old one.
    expect((await api.get('/api/me')).status).toBe(200);
  });

  it('a right current password clears the counter', async () => {
    const api = client();
    await api.login('family4@example.com', 'family-demo-1');
    for (let i = 0; i < 4; i++) {
      expect((await api.post('/api/me/change-password', { currentPassword: 'wrong', newPassword: 'abcdefg' })).status).toBe(400);
    }
    expect((await api.post('/api/me/change-password', { currentPassword: 'family-demo-1', newPassword: 'family-demo-2' })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await api.post('/api/me/change-password', { currentPassword: 'wrong', newPassword: 'abcdefg' })).status).toBe(400);
    }
    expect((await api.post('/api/me/change-password', { currentPassword: 'family-demo-2', newPassword: 'family-demo-3' })).status).toBe(200);
  });
});

describe('cross-site request forgery guard', () => {
  it('refuses a write whose Origin names another site', async () => {
    const res = await client().post(
      '/api/auth/login',
      { email: 'parent@example.com', password: 'parent-demo-1' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused', code: 'CSRF_REFUSED' });
    expect(res.setCookies).toEqual([]);
  });

  it('refuses a write marked Sec-Fetch-Site: cross-site, keeping the session alive', async () => {
    const api = client();
    await api.login('parent@example.com', 'parent-demo-1');
    const res = await api.post('/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect((await api.get('/api/me')).status).toBe(200);
  });

  it('accepts same-origin writes and clients that send no Origin', async () => {
    const same = await client().post(
      '/api/auth/login',
      { email: 'parent@example.com', password: 'parent-demo-1' },
      { origin: server.baseUrl, 'sec-fetch-site': 'same-origin' },
    );
    expect(same.status).toBe(200);
    const none = await client().post('/api/auth/login', { email: 'parent@example.com', password: 'parent-demo-1' });
    expect(none.status).toBe(200);
  });

  it('lets cross-site reads through (they cannot change anything)', async () => {
    const res = await client().get('/api/health', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
  });
});
