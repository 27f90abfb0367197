import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../app';
import { ApiClient, startTestServer, type TestServer } from '../../test-support/test-server';

// The route table walk: every /api/admin route, whoever added it and whenever, answers 401 without a session
// and 403 to a parent, before its body or query is looked at. Routes are discovered, never listed by hand.
let server: TestServer;
let adminRoutes: ApiRoute[];
beforeAll(async () => {
  server = await startTestServer();
  adminRoutes = server.app.apiRoutes.filter((route) => route.url.startsWith('/api/admin/'));
});
afterAll(async () => {
  await server?.close();
});

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** A concrete URL for a route: each `:param` becomes a random uuid, a wildcard a plain segment. */
const concreteUrl = (url: string) => url.replace(/:[^/]+/g, () => randomUUID()).replace(/\*/g, 'anything');

/** Sends the route's method; writes carry an empty JSON object, so a 400 would show that validation ran first. */
const send = (api: ApiClient, route: ApiRoute) =>
  api.request(route.method, concreteUrl(route.url), WRITES.has(route.method) ? {} : undefined);

describe('every /api/admin route', () => {
  it('is found in the route table (the walk below cannot pass on an empty list)', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    const urls = adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/admin/stats', 'PUT /api/admin/classes/:id', 'GET /api/admin/reservations']));
  });

  it('answers 401 without a session', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    for (const route of adminRoutes) {
      const res = await send(anonymous, route);
      expect({ route, status: res.status, body: res.body }).toEqual({ route, status: 401, body: { message: 'Please sign in to continue' } });
    }
  });

  it('answers 403 to a signed-in parent', async () => {
    const parent = new ApiClient(server.baseUrl);
    await parent.login('parent@example.com', 'parent-demo-1');
    for (const route of adminRoutes) {
      const res = await send(parent, route);
      expect({ route, status: res.status, body: res.body }).toEqual({ route, status: 403, body: { message: 'Administrator access required' } });
    }
  });

  it('lets an administrator through', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', 'admin-demo-1');
    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['capacityAlerts', 'todaySessions', 'totalParents', 'weeklyBookings']);
  });
});
