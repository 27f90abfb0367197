import { eq, sql } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, webhookConfigs } from '../db/schema';
import { SESSION_COOKIE } from '../services/auth/session-token';
import { freePort } from '../test-support/free-port';
import { ApiClient, readBody, startTestServer } from '../test-support/test-server';
import { signWebhook } from '../test-support/webhook-signing';
import { withApi } from '../test-support/with-api';
import { NOW } from '../test-support/clock';

// Issue 17, item 4: a set-password link is never readable from email_outbox once its e-mail is sent. Every
// writer of such an e-mail (the office's create and 'send a link', the CSV import, a CRM delivery that
// creates an account) goes through one builder: the token waits in the row's secrets and the bodies hold a
// {{setPasswordToken}} placeholder that the worker fills in at send time, then the secrets are cleared.
const SECRET = 'outbox-test-crm-secret-0123456789';

const {
  server,
  smtp,
  clients: { admin },
} = withApi({ as: 'admin', smtp: true, clock: () => NOW, env: { BUSINESS_NAME: 'Test Athletics', PUBLIC_URL: 'https://portal.test' } });
let crm: { endpoint: string };

beforeAll(async () => {
  const [config] = await server.database.db
    .insert(webhookConfigs)
    .values({
      name: 'Outbox CRM',
      endpoint: 'outbox-crm',
      secretKey: SECRET,
      fieldMappings: JSON.stringify({ email: 'email', firstName: 'firstName', lastName: 'lastName', crmUserId: 'id' }),
    })
    .returning();
  crm = config!;
});

const db = () => server.database.db;
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}-${Date.now()}@example.com`;
const LINK = /https:\/\/portal\.test\/reset-password\?token=([A-Za-z0-9_-]{20,})/;

/** The token of the link in a received e-mail's text, checked to be the same in its HTML. */
function tokenOf(mail: Email): string {
  const token = LINK.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no set-password link in: ${mail.text}`);
  expect(mail.html).toContain(`href="https://portal.test/reset-password?token=${token}"`);
  return token;
}

/** Once the worker has sent the e-mail: no column of its outbox row holds the token, yet the received link works. */
async function expectSentWithoutToken(email: string, subjectStart: string) {
  const mail = await smtp.waitForMail(email, subjectStart);
  const token = tokenOf(mail);
  await server.app.emailWorker.idle();
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ status: 'SENT', secrets: null });
  expect(JSON.stringify(row)).not.toContain(token);
  expect(row!.textBody).toContain('https://portal.test/reset-password?token={{setPasswordToken}}');
  expect(row!.htmlBody).toContain('href="https://portal.test/reset-password?token={{setPasswordToken}}"');
  // No other column anywhere in the table mentions it either.
  const found = await db().execute(sql`select count(*)::int as n from email_outbox o where o::text like ${`%${token}%`}`);
  expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  const check = await new ApiClient(server.baseUrl).get(`/api/auth/set-password?token=${token}`);
  expect(check.status, JSON.stringify(check.body)).toBe(200);
  return token;
}

describe('set-password emails leave no token in the outbox', () => {
  it("the office's create: the welcome email", async () => {
    const email = uniqueEmail('welcome');
    expect((await admin.post('/api/admin/users', { firstName: 'Wren', lastName: 'Hale', email })).status).toBe(201);
    const token = await expectSentWithoutToken(email, 'Welcome to Test Athletics');
    const used = await new ApiClient(server.baseUrl).post('/api/auth/set-password', { token, newPassword: 'wren-chooses-7' });
    expect(used.status).toBe(200);
  });

  it("the office's 'send a set-password link'", async () => {
    const email = uniqueEmail('link');
    const created = await admin.post('/api/admin/users', { firstName: 'Hugo', lastName: 'Marsh', email, password: 'hugo-has-one-7' });
    expect((await admin.post(`/api/admin/users/${created.body.id}/set-password-link`)).status).toBe(200);
    await expectSentWithoutToken(email, 'Set your password for Test Athletics');
  });

  it('a CSV import row without a password', async () => {
    const email = uniqueEmail('csv');
    const form = new FormData();
    form.append('columnMapping', JSON.stringify({ email: 'Email', firstName: 'First', lastName: 'Last' }));
    form.append('csvFile', new Blob([`Email,First,Last\n${email},Cora,Vance\n`], { type: 'text/csv' }), 'families.csv');
    const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
      body: form,
    });
    expect(await readBody(response)).toMatchObject({ summary: { created: 1, errors: 0 } });
    await expectSentWithoutToken(email, 'Welcome to Test Athletics');
  });

  it('an account created by a CRM delivery', async () => {
    const email = uniqueEmail('crm');
    const raw = JSON.stringify({ id: `contact-${counter}`, email, firstName: 'Dara', lastName: 'Quinn' });
    const response = await fetch(`${server.baseUrl}/api/webhooks/${crm.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(SECRET, raw, Math.floor(NOW.getTime() / 1000)) },
      body: raw,
    });
    expect(response.status, JSON.stringify(await readBody(response.clone()))).toBe(201);
    await expectSentWithoutToken(email, 'Welcome to Test Athletics');
  });
});

describe('before the send', () => {
  it('an email waiting for the mail server keeps the token in its secrets only, and its bodies hold the placeholder', async () => {
    const down = await startTestServer({
      clock: () => NOW,
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, PUBLIC_URL: 'https://portal.test' },
    });
    try {
      const office = new ApiClient(down.baseUrl);
      await office.login('admin@example.com', 'admin-demo-1');
      const email = uniqueEmail('waiting');
      expect((await office.post('/api/admin/users', { firstName: 'Remy', lastName: 'Stone', email })).status).toBe(201);
      await down.app.emailWorker.idle();
      const [row] = await down.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
      const token = row!.secrets?.setPasswordToken;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row!.textBody).not.toContain(token);
      expect(row!.htmlBody).not.toContain(token);
      expect(row!.textBody).toContain('token={{setPasswordToken}}');
      expect(row!.lastError ?? '').not.toContain(token);
    } finally {
      await down.close();
    }
  });
});
