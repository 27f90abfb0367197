import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../db/schema';
import { ApiClient } from '../test-support/test-server';
import { actor, atTheDoor, requireAdmin, requireUser } from './auth';
import { withApi } from '../test-support/with-api';

// Routes registered only in this test, guarded exactly as real ones are.
const { server } = withApi({
    env: { TRUST_PROXY: '1' },
    extraRoutes(app) {
      const idOnly = { response: { 200: z.object({ id: z.string() }) } };
      app.get('/api/probe/user', { preHandler: requireUser, schema: idOnly }, async (request) => ({ id: actor(request).id }));
      app.get('/api/probe/admin', { preHandler: requireAdmin, schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: true,
      }));
      app.get('/api/probe/door', { ...atTheDoor, preHandler: requireAdmin, schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: true,
      }));
      // A careless handler that returns the whole user row: the response schema must drop everything but the id.
      app.get('/api/probe/careless', { preHandler: requireUser, schema: idOnly }, async (request) => ({
        ...actor(request),
        sessionToken: request.sessionToken,
      }));
      app.get('/api/probe/boom', { schema: idOnly }, async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:12');
      });
    },
  });

describe('role guards', () => {
  it('a guarded route is 401 without a session', async () => {
    const api = new ApiClient(server.baseUrl);
    expect((await api.get('/api/probe/user')).status).toBe(401);
    expect((await api.get('/api/probe/admin')).body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
  });

  it('an admin route is 403 for a parent and 200 for ADMIN and SUPER_ADMIN', async () => {
    const parent = new ApiClient(server.baseUrl);
    await parent.login('parent@example.com', 'parent-demo-1');
    expect((await parent.get('/api/probe/user')).status).toBe(200);
    const refused = await parent.get('/api/probe/admin');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Administrator access required', code: 'FORBIDDEN' });

    for (const [email, password] of [
      ['admin@example.com', 'admin-demo-1'],
      ['owner@example.com', 'owner-demo-1'],
    ] as const) {
      const admin = new ApiClient(server.baseUrl);
      await admin.login(email, password);
      expect((await admin.get('/api/probe/admin')).status).toBe(200);
    }
  });

  it('treats any role other than the staff’s (COACH, ADMIN, SUPER_ADMIN) as a parent', async () => {
    await server.database.db.update(users).set({ role: 'MEMBER' }).where(eq(users.email, 'family3@example.com'));
    const member = new ApiClient(server.baseUrl);
    const login = await member.login('family3@example.com', 'family-demo-1');
    // The API shows such a role as PARENT (spec 6); the response schema's role is an enum.
    expect(login.body.user.role).toBe('PARENT');
    expect((await member.get('/api/probe/user')).status).toBe(200);
    expect((await member.get('/api/probe/admin')).status).toBe(403);
  });

  it('lets a coach through an /api/admin route only where the route says so (issue 34)', async () => {
    await server.database.db.update(users).set({ role: 'COACH' }).where(eq(users.email, 'family4@example.com'));
    const coach = new ApiClient(server.baseUrl);
    const login = await coach.login('family4@example.com', 'family-demo-1');
    expect(login.body.user.role).toBe('COACH');
    expect((await coach.get('/api/probe/admin')).body).toEqual({ message: 'Administrator access required', code: 'FORBIDDEN' });
    expect((await coach.get('/api/probe/door')).status).toBe(200);
    // A parent stays out of the door's routes.
    const parent = new ApiClient(server.baseUrl);
    await parent.login('parent@example.com', 'parent-demo-1');
    expect((await parent.get('/api/probe/door')).status).toBe(403);
  });
});

describe('response schemas', () => {
  it('drop every field a handler returns that the schema does not list (password hash, session token)', async () => {
    const api = new ApiClient(server.baseUrl);
    await api.login('parent@example.com', 'parent-demo-1');
    const res = await api.get('/api/probe/careless');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id']);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|sessionToken/);
  });

  it('are required: an /api route without one cannot be registered', async () => {
    const { buildApp } = await import('../app');
    const { loadEnv } = await import('../env');
    const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: server.database, webRoot: null, logger: false });
    expect(() => app.get('/api/probe/unguarded', async () => ({ secret: 1 }))).toThrow(/must declare a response schema/);
    await app.close();
  });
});

describe('transport and failures', () => {
  it('marks the session cookie Secure when the request came over HTTPS (through a trusted proxy)', async () => {
    const res = await new ApiClient(server.baseUrl).post(
      '/api/auth/login',
      { email: 'parent@example.com', password: 'parent-demo-1' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(res.setCookies[0]).toMatch(/; Secure/);
    expect(res.setCookies[0]).toMatch(/HttpOnly/);
  });

  it('answers an unexpected failure with a generic 500 that leaks no detail or stack', async () => {
    const res = await new ApiClient(server.baseUrl).get('/api/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
    expect(JSON.stringify(res.body)).not.toMatch(/secret_table|db\.ts|at /);
  });
});
