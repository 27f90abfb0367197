import { describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// Issue 17, item 7: no /api answer may be kept by a browser's or a shared cache, whoever asks and whatever
// the outcome, including answers served from the instance's read cache (READ_CACHE=on here, so the second
// read of a view is a cache hit) and refusals.
const {
  server,
  clients: { parent, admin },
} = withApi({ as: ['parent', 'admin'], env: { READ_CACHE: 'on' } });

const noStore = (res: { headers: Headers }) => res.headers.get('cache-control');

describe('Cache-Control on API answers', () => {
  it('is no-store on reads served from the read cache, compressed or not', async () => {
    for (const [path, headers] of [
      ['/api/me', {}],
      ['/api/me/bookings', {}],
      ['/api/classes', { 'accept-encoding': 'br' }],
    ] as const) {
      const first = await parent.get(path, headers);
      const hitsBefore = server.app.readCaches.stats().views.hits;
      const second = await parent.get(path, headers);
      expect(server.app.readCaches.stats().views.hits, `${path} was served from the cache`).toBeGreaterThan(hitsBefore);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([noStore(first), noStore(second)], path).toEqual(['no-store', 'no-store']);
    }
  });

  it('is no-store on sign-in, writes and admin reads', async () => {
    const client = new ApiClient(server.baseUrl);
    expect(noStore(await client.login('parent2@example.com', 'parent-demo-2'))).toBe('no-store');
    const users = await admin.get('/api/admin/users');
    expect(users.status).toBe(200);
    expect(noStore(users)).toBe('no-store');
    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(noStore(logout)).toBe('no-store');
  });

  it('is no-store on refusals: 400, 401, 403, 404', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const cases: Array<[string, Promise<{ status: number; headers: Headers }>, number]> = [
      ['wrong password', anonymous.post('/api/auth/login', { email: 'parent@example.com', password: 'nope-nope' }), 401],
      ['signed out', anonymous.get('/api/me'), 401],
      ['parent on an admin route', parent.get('/api/admin/users'), 403],
      ['invalid body', admin.post('/api/admin/sessions', { capacity: 'many' }), 400],
      ['unknown endpoint', parent.get('/api/no-such-thing'), 404],
    ];
    for (const [name, pending, status] of cases) {
      const res = await pending;
      expect(res.status, name).toBe(status);
      expect(noStore(res), name).toBe('no-store');
    }
  });
});
