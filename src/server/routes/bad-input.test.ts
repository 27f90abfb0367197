import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../shared/error-codes';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { SESSION_COOKIE } from '../services/auth/session-token';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// Bad input of every shape gets a 4xx with a JSON message: never a 500, never a stack. The whole file runs
// on in-memory PGlite, or on PostgreSQL when DATABASE_URL is set (test-database.ts), which refuses a NUL
// character in text outright.
const {
  server,
  clients: { parent: api, admin },
} = withApi({ as: ['parent', 'admin'] });

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
  // Issue 30: no error answer lacks its code.
  expect(isErrorCode(res.body?.code), `${what}: code ${String(res.body?.code)}`).toBe(true);
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

  it('JSON bodies of the wrong shape to the PATCH writes', async () => {
    for (const body of [...bodies, { bookingReminders: 'true' }, { bookingReminders: [true] }, { bookingReminders: { $ne: false } }]) {
      const res = await api.request('PATCH', '/api/me/preferences', JSON.stringify(body), { 'content-type': 'application/json' });
      expectClientError(res, `/api/me/preferences ${JSON.stringify(body).slice(0, 60)}`);
    }
    for (const [type, payload] of [
      ['text/plain', 'bookingReminders=false'],
      ['application/json', '{"bookingReminders": '],
      ['application/xml', '<preferences/>'],
    ] as const) {
      expectClientError(await api.request('PATCH', '/api/me/preferences', payload, { 'content-type': type }), `/api/me/preferences ${type}`);
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
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a NUL or another control character in a child name', async () => {
    const { body } = await api.get('/api/sessions?limit=1000');
    const open = body.sessions.find((s: any) => new Date(s.startsAt).getTime() > Date.now() + 86_400_000 && s.availableSpots > 0);
    expect(open, 'an open session in the demo data').toBeDefined();
    for (const name of ['Ava\u0000', '\u0000', 'Av\u0007a', 'Ava\u007f', 'Ava\nLeo']) {
      const res = await api.post('/api/bookings', { sessionId: open.id, childNames: [name] });
      expectClientError(res, JSON.stringify(name));
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toMatch(/contains characters that are not allowed/);
    }
  });

  it('a NUL in a class code or another query text', async () => {
    for (const query of [
      '/api/sessions?classCode=%00',
      '/api/sessions?classCode=GIRLS%00',
      '/api/sessions?classCode=%1B%5B31m',
      '/api/admin/reservations?classCode=%00',
      '/api/admin/reservations/export.csv?classCode=%00',
      '/api/admin/sessions/export.csv?classCode=%00',
      '/api/admin/users?search=%00',
      '/api/admin/webhook-sample?source=%00',
    ]) {
      const res = await admin.get(query);
      expectClientError(res, query);
      expect(res.status, query).toBe(400);
    }
    // A NUL in a path id is an id that does not exist.
    for (const [method, url] of [
      ['GET', '/api/admin/webhook-logs/%00'],
      ['GET', '/api/admin/field-mapping-templates/%00'],
      ['DELETE', '/api/admin/users/%00'],
      ['DELETE', '/api/admin/sessions/%00'],
      ['POST', '/api/admin/sessions/%00/cancel'],
      ['POST', '/api/bookings/%00/cancel'],
      ['GET', '/api/auth/set-password?token=%00'],
    ] as const) {
      expectClientError(await admin.request(method, url), `${method} ${url}`);
    }
    // Bulk delete skips ids that name no session.
    const bulk = await admin.post('/api/admin/sessions/bulk-delete', { sessionIds: ['\u0000'] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ deletedCount: 0, skippedCount: 1 });
  });

  it('an email longer than 254 characters, wherever an email is accepted', async () => {
    // Random letters, so the database cannot compress the value under its index-row limit.
    const long = `${randomBytes(3000).toString('hex')}@example.com`;
    const justOver = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(justOver.length).toBeGreaterThan(254);
    for (const email of [long, justOver]) {
      const login = await new ApiClient(server.baseUrl).post('/api/auth/login', { email, password: 'whatever-1' });
      expectClientError(login, 'login');
      expect(login.status).toBe(400);
      expect(login.body.message).toMatch(/email/i);

      const created = await admin.post('/api/admin/users', { firstName: 'Long', lastName: 'Mail', email });
      expectClientError(created, 'create user');
      expect(created.status).toBe(400);

      const users = await admin.get('/api/admin/users?search=parent');
      const parentId = users.body.users.find((u: any) => u.email === 'parent@example.com').id;
      const patched = await admin.request('PATCH', `/api/admin/users/${parentId}`, { email });
      expectClientError(patched, 'patch user');
      expect(patched.status).toBe(400);
    }
  });

  it('control characters in the office forms (newlines only where a text has lines)', async () => {
    const classes = await admin.get('/api/classes');
    const classType = classes.body[0];
    const renamed = await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: 'Sprint\u0000', description: null });
    expectClientError(renamed, 'class name');
    expect(renamed.body.message).toMatch(/Name contains characters that are not allowed/);
    // A description may have lines (and tabs), not other control characters.
    const multiLine = await admin.request('PUT', `/api/admin/classes/${classType.id}`, {
      name: classType.name,
      description: 'Line one\r\nLine two\twith a tab',
    });
    expect(multiLine.status).toBe(200);
    expect(multiLine.body.description).toBe('Line one\r\nLine two\twith a tab');
    const badDescription = await admin.request('PUT', `/api/admin/classes/${classType.id}`, {
      name: classType.name,
      description: 'Line one\u0000',
    });
    expectClientError(badDescription, 'class description');
    expect(badDescription.body.message).toMatch(/Description contains characters that are not allowed/);
    await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: classType.name, description: classType.description });

    const start = new Date(Date.now() + 30 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/admin/sessions', { classTypeId: classType.id, startsAt: start.toISOString(), endsAt: end.toISOString(), location: 'Gym\u0000' }],
      ['POST', '/api/admin/sessions', { classTypeId: `${classType.id}\u0000`, startsAt: start.toISOString(), endsAt: end.toISOString() }],
      ['POST', '/api/admin/users', { firstName: 'Ann\u0000', lastName: 'Lee', email: 'ann.nul@example.com' }],
      ['POST', '/api/admin/users', { firstName: 'Ann', lastName: 'Lee\u001b', email: 'ann.esc@example.com' }],
      ['POST', '/api/admin/users', { firstName: 'Ann', lastName: 'Lee', email: 'ann.child@example.com', firstChildName: 'Kid\u0000' }],
      ['POST', '/api/admin/users', { firstName: 'Ann', lastName: 'Lee', email: 'ann.pw@example.com', password: 'secret\u0000pass' }],
      ['POST', '/api/admin/webhooks', { name: 'CRM\u0000', endpoint: 'nul-test', fieldMappings: '{"email":"contact.email"}' }],
      ['POST', '/api/admin/webhooks', { name: 'CRM', endpoint: 'nul-test', description: 'x\u0000', fieldMappings: '{"email":"contact.email"}' }],
      ['POST', '/api/admin/field-mapping-templates', { name: 'T\u0000', source: 'crm' }],
      ['POST', '/api/admin/field-mapping-templates', { name: 'T', source: 'crm\u0000' }],
      ['POST', '/api/admin/field-mapping-templates', { name: 'T', source: 'crm', rules: [{ sourcePath: 'contact.email', targetPath: 'email', notes: 'n\u0000' }] }],
      ['POST', '/api/admin/field-mapping-templates', { name: 'T', source: 'crm', samplePayload: '{"a":"\u0000"}' }],
      ['POST', '/api/admin/field-mapping-templates/preview', { samplePayload: '{"a":"\u0000"}', rules: [] }],
      ['PUT', '/api/admin/users/00000000-0000-0000-0000-000000000000/change-password', { newPassword: 'secret\u0000pass' }],
      ['POST', '/api/auth/set-password', { token: 'tok\u0000en', newPassword: 'secret-pass' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await admin.request(method, url, body);
      expectClientError(res, `${method} ${url} ${JSON.stringify(body)}`);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message, `${method} ${url}`).toMatch(/not allowed|not valid/);
    }
  });
});

describe('CSV import rows', () => {
  it('a row with a control character or an email over 254 characters is that row\'s error, not a 500', async () => {
    const longEmail = `${randomBytes(3000).toString('hex')}@example.com`;
    const csv = [
      'Email,First Name,Last Name,Child 1',
      `${longEmail},Long,Mail,`,
      'nul.first@import.test,Ann\u0000,Lee,',
      'nul.child@import.test,Ann,Lee,Kid\u0000',
      'fine.row@import.test,Fine,Row,Kid',
    ].join('\n');
    const form = new FormData();
    form.append('columnMapping', JSON.stringify({ email: 'Email', firstName: 'First Name', lastName: 'Last Name', firstChildName: 'Child 1' }));
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'families.csv');
    const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
      body: form,
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.summary).toMatchObject({ processed: 4, created: 1, errors: 3 });
    expect(body.errors.join('\n')).toMatch(/Valid email is required/);
    expect(body.errors.join('\n')).toMatch(/First name contains characters that are not allowed/);
    expect(body.errors.join('\n')).toMatch(/Child name contains characters that are not allowed/);
  });
});

describe('odd paths to the web app', () => {
  let webDir: string;
  let web: Awaited<ReturnType<typeof buildApp>>;
  let webBase: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'nb-bad-web-'));
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>__BUSINESS_NAME__</title><div id="root"></div>');
    writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
    const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: webDir });
    web = await buildApp({ env, database: server.database, webRoot: webDir, logger: false });
    await web.listen({ port: 0, host: '127.0.0.1' });
    webBase = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await web?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('NUL and other control characters in a path answer 400 or 404, never 500', async () => {
    for (const urlPath of [
      '/%00',
      '/%00.js',
      '/assets/%00',
      '/assets/%00.js',
      '/assets/app-1234.js%00',
      '/assets/app-1234.js%00.map',
      '/reset-password%00',
      '/%01',
      '/%7F',
      '/%0A.js',
      '/%C0%80',
      '/%E0%80%80.js',
    ]) {
      const res = await fetch(webBase + urlPath);
      expect([400, 404], urlPath).toContain(res.status);
      expect(await res.text(), urlPath).not.toMatch(/ at .*\.(ts|js):\d+|stack/i);
    }
    // The real file and the app page still answer.
    expect((await fetch(`${webBase}/assets/app-1234.js`)).status).toBe(200);
    expect((await fetch(`${webBase}/calendar`)).status).toBe(200);
  });
});
