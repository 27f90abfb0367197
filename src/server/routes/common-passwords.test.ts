import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users, webhookConfigs } from '../db/schema';
import { projectRoot } from '../paths';
import { hashPassword } from '../services/auth/password';
import { SESSION_COOKIE } from '../services/auth/session-token';
import { ApiClient, readBody, type ApiResponse } from '../test-support/test-server';
import { signWebhook } from '../test-support/webhook-signing';
import { withApi } from '../test-support/with-api';
import { NOW } from '../test-support/clock';

// Issue 17, item 6, through real HTTP at every place a password is set: the 10,000 most common passwords
// and the person's own e-mail (or its local part) and names are refused with one message, compared without
// case and surrounding spaces. The spec's minimum of 6 and its messages stay as they were.
const COMMON = 'This password is too common. Choose another one.';
const CRM_SECRET = 'common-passwords-crm-secret-01234';
const GOOD = 'ember-lantern-42';

const {
  server,
  smtp,
  clients: { admin },
} = withApi({ as: 'admin', smtp: true, clock: () => NOW, env: { PUBLIC_URL: 'https://portal.test', WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000' } });

beforeAll(async () => {
  await server.database.db.insert(webhookConfigs).values({
    name: 'Password CRM',
    endpoint: 'password-crm',
    secretKey: CRM_SECRET,
    fieldMappings: JSON.stringify({ email: 'email', firstName: 'firstName', lastName: 'lastName', password: 'password' }),
  });
});

const db = () => server.database.db;
let counter = 0;
/** A person whose e-mail's local part is 'rosalind.f' (each on its own domain, so every address is new). */
const person = () => ({ firstName: 'Rosalind', lastName: 'Featherstone', email: `rosalind.f@family-${++counter}.example.com` });

/** Refused for everyone: on the list (any case, surrounding spaces), or the person's own e-mail or names. */
const REFUSED = (email: string) => [
  '123456',
  'aaaaaa',
  'PassWord',
  '  qwerty  ',
  'iloveyou1',
  email.toUpperCase(),
  email.split('@')[0]!,
  'ROSALIND',
  'featherstone',
  ' Rosalind Featherstone ',
];

/** An existing parent account (with a password) with that person's names, and a signed-in client of theirs. */
async function existingParent() {
  const who = person();
  const [row] = await db()
    .insert(users)
    .values({ ...who, role: 'PARENT', passwordHash: await hashPassword('current-pass-77') })
    .returning();
  return { ...who, id: row!.id };
}

async function csvRow(who: ReturnType<typeof person>, password: string): Promise<ApiResponse> {
  const form = new FormData();
  form.append('columnMapping', JSON.stringify({ email: 'Email', firstName: 'First', lastName: 'Last', password: 'Password' }));
  const cell = `"${password.replaceAll('"', '""')}"`;
  form.append('csvFile', new Blob([`Email,First,Last,Password\n${who.email},${who.firstName},${who.lastName},${cell}\n`], { type: 'text/csv' }), 'f.csv');
  const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
    body: form,
  });
  return { status: response.status, body: await readBody(response), headers: response.headers, setCookies: [] };
}

async function crmDelivery(who: ReturnType<typeof person>, password: string): Promise<ApiResponse> {
  const raw = JSON.stringify({ ...who, password });
  const response = await fetch(`${server.baseUrl}/api/webhooks/password-crm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(CRM_SECRET, raw, Math.floor(NOW.getTime() / 1000)) },
    body: raw,
  });
  return { status: response.status, body: await readBody(response), headers: response.headers, setCookies: [] };
}

/** Each place a password is set: prepares an account (when the place needs one) and tries one password there. */
interface EntryPoint {
  name: string;
  /** The form field the refusal names (the browser shows the message next to it). */
  field?: string;
  /** Returns a function that tries one password for the person (the same person every time). */
  prepare(): Promise<{ who: ReturnType<typeof person>; attempt: (password: string) => Promise<ApiResponse> }>;
  /** How a refusal and a success look at this entry point. */
  refused: (res: ApiResponse, password: string) => void;
  accepted: (res: ApiResponse) => void;
}

const refusedAs400 = (field: string) => (res: ApiResponse) => {
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(COMMON);
  expect(res.body.errors).toEqual([{ field, message: COMMON }]);
};
const ok = (status: number) => (res: ApiResponse) => expect(res.status, JSON.stringify(res.body)).toBe(status);

const ENTRY_POINTS: EntryPoint[] = [
  {
    name: 'own change (POST /api/me/change-password)',
    async prepare() {
      const parent = await existingParent();
      const api = new ApiClient(server.baseUrl);
      await api.login(parent.email, 'current-pass-77');
      return { who: parent, attempt: (newPassword) => api.post('/api/me/change-password', { currentPassword: 'current-pass-77', newPassword }) };
    },
    refused: refusedAs400('newPassword'),
    accepted: ok(200),
  },
  {
    name: "the office's change (PUT /api/admin/users/:id/change-password)",
    async prepare() {
      const parent = await existingParent();
      return { who: parent, attempt: (newPassword) => admin.request('PUT', `/api/admin/users/${parent.id}/change-password`, { newPassword }) };
    },
    refused: refusedAs400('newPassword'),
    accepted: ok(200),
  },
  {
    name: 'create (POST /api/admin/users)',
    async prepare() {
      const who = person();
      return { who, attempt: (password) => admin.post('/api/admin/users', { ...who, password }) };
    },
    refused: refusedAs400('password'),
    accepted: ok(201),
  },
  {
    name: 'set-password link (POST /api/auth/set-password)',
    async prepare() {
      const who = person();
      expect((await admin.post('/api/admin/users', who)).status).toBe(201);
      const mail = await smtp.waitForMail(who.email, 'Welcome to');
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
      return { who, attempt: (newPassword) => new ApiClient(server.baseUrl).post('/api/auth/set-password', { token, newPassword }) };
    },
    refused: refusedAs400('newPassword'),
    accepted: ok(200),
  },
  {
    name: 'CSV import row (POST /api/admin/users/import-csv)',
    async prepare() {
      const who = person();
      return { who, attempt: (password) => csvRow(who, password) };
    },
    refused: (res, password) => {
      expect(res.body).toEqual({
        summary: { processed: 1, created: 0, updated: 0, errors: 1 },
        errors: [`Line 2: ${COMMON}`],
        rejectedRowsCsv: expect.any(String),
      });
      // The refused row comes back to fix, without its password (issue 33: no password goes back in an answer).
      expect(res.body.rejectedRowsCsv).toContain(COMMON);
      expect(res.body.rejectedRowsCsv).toContain('the password is left out of this file');
      expect(res.body.rejectedRowsCsv.split(/\r?\n/)[1]!.split(',')[3]).toBe('');
      expect(res.body.rejectedRowsCsv.includes(`,${password},`)).toBe(false);
    },
    accepted: (res) => expect(res.body).toMatchObject({ summary: { created: 1, errors: 0 } }),
  },
  {
    name: "a CRM-created account's password (POST /api/webhooks/:endpoint)",
    async prepare() {
      const who = person();
      return { who, attempt: (password) => crmDelivery(who, password) };
    },
    refused: (res) => {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(COMMON);
    },
    accepted: ok(201),
  },
];

describe('common passwords are refused everywhere a password is set', () => {
  it.each(ENTRY_POINTS.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const { who, attempt } = await entry.prepare();
    for (const password of REFUSED(who.email)) {
      const res = await attempt(password);
      expect.soft(res.status, `${password}: ${JSON.stringify(res.body)}`).not.toBe(500);
      entry.refused(res, password);
    }
    // Nothing was created or changed by the refusals: the e-mail is still free or the old password still works.
    const [row] = await db().select().from(users).where(eq(users.email, who.email));
    if (row?.passwordHash) await new ApiClient(server.baseUrl).login(who.email, 'current-pass-77');
    // The spec's minimum and its message come first, as before.
    const short = await attempt('12345');
    expect(JSON.stringify(short.body)).toMatch(/at least 6 characters/);
    entry.accepted(await attempt(GOOD));
    await new ApiClient(server.baseUrl).login(who.email, GOOD);
  });
});

describe('npm run create-admin', () => {
  const run = promisify(execFile);
  const cli = (args: string[], dataDir: string) =>
    run(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/cli/create-admin.ts'), ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    }).then(
      (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('refuses a common password, or the email or name, before touching the database; a good one creates the admin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nb-create-admin-'));
    try {
      const base = ['--email', 'Boss.Lady@Example.com', '--first-name', 'Beatrix', '--last-name', 'Kiddo'];
      for (const password of ['aaaaaa', 'BOSS.LADY', 'Beatrix Kiddo']) {
        const result = await cli([...base, '--password', password], dataDir);
        expect(result.code, password).toBe(2);
        expect(result.stderr.trim(), password).toBe(COMMON);
      }
      const short = await cli([...base, '--password', '12345'], dataDir);
      expect(short).toMatchObject({ code: 2, stderr: expect.stringContaining('--password must be at least 6 characters') });
      const created = await cli([...base, '--password', GOOD], dataDir);
      expect(created.stdout, created.stderr).toContain('Created SUPER_ADMIN boss.lady@example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
