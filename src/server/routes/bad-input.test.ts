import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../test-support/test-server';

// Bad input of every shape gets a 4xx with a JSON message: never a 500, never a stack.
let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.baseUrl);
  await api.login('parent@example.com', 'parent-demo-1');
});
afterAll(async () => {
  await server?.close();
});

const bodies: unknown[] = [
  null,
  [],
  'just a string',
  42,
  {},
  { sessionId: 123, childNames: 'Ava' },
  { sessionId: 'not-a-uuid', childNames: [null] },
  { sessionId: '00000000-0000-0000-0000-000000000000', childNames: [{ name: 'Ava' }] },
  { sessionId: 'x'.repeat(20_000), childNames: ['A'.repeat(5_000)] },
  { email: ['a@b.c'], password: { $ne: '' }, currentPassword: 1, newPassword: null, newSessionId: false },
  { a: { b: { c: { d: { e: { f: [[[[[]]]]] } } } } } },
];
const writes = [
  '/api/auth/login',
  '/api/me/change-password',
  '/api/bookings',
  '/api/bookings/00000000-0000-0000-0000-000000000000/cancel',
  '/api/bookings/00000000-0000-0000-0000-000000000000/reschedule',
  '/api/bookings/%27%3B%20drop%20table%20bookings--/reschedule',
];

function expectClientError(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(typeof res.body?.message, what).toBe('string');
  expect(JSON.stringify(res.body), what).not.toMatch(/ at .*\.(ts|js):\d+|stack/i);
}

describe('bad input', () => {
  it('JSON bodies of the wrong shape', async () => {
    for (const path of writes) {
      for (const body of bodies) {
        const res = await api.request('POST', path, JSON.stringify(body), { 'content-type': 'application/json' });
        expectClientError(res, `${path} ${JSON.stringify(body).slice(0, 60)}`);
      }
    }
  });

  it('bodies that are not JSON at all', async () => {
    for (const path of writes) {
      for (const [type, payload] of [
        ['text/plain', 'sessionId=1'],
        ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
        ['application/json', '{"unterminated": '],
        ['application/xml', '<booking/>'],
      ] as const) {
        expectClientError(await api.request('POST', path, payload, { 'content-type': type }), `${path} ${type}`);
      }
    }
  });

  it('odd query strings', async () => {
    for (const query of [
      '/api/sessions?limit=-1',
      '/api/sessions?limit=abc',
      '/api/sessions?page=0',
      '/api/sessions?from=2026-13-45',
      '/api/sessions?from=2026-02-30',
      '/api/sessions?from=2026-11-30&to=2026-11-01',
      '/api/sessions?classTypeId=%27%20or%201%3D1',
      '/api/me/child-stats?week=2026-02-31x',
      '/api/me/child-stats?week=%00',
    ]) {
      expectClientError(await api.get(query), query);
    }
    // A class code that matches nothing is simply an empty list.
    const none = await api.get('/api/sessions?classCode=%27%20or%201%3D1--');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ sessions: [], total: 0, totalPages: 0 });
  });

  it('a body over the size limit', async () => {
    const res = await api.request('POST', '/api/bookings', JSON.stringify({ pad: 'x'.repeat(2_000_000) }), {
      'content-type': 'application/json',
    });
    expectClientError(res, 'huge body');
    expect(res.status).toBe(413);
  });
});
