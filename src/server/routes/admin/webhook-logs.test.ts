import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookConfigs, webhookLogs } from '../../db/schema';
import { signWebhook } from '../../test-support/webhook-signing';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// The admin webhook logs API through real HTTP. Log rows are written here straight into the database (the
// receiver writes them in production), each with a chosen created_at; the server's clock is pinned.
const DAY = 24 * 60 * 60 * 1000;
const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });
let crm: { id: string; endpoint: string };
let other: { id: string; endpoint: string };

beforeAll(async () => {
  const [seeded] = await db().select().from(webhookConfigs).where(eq(webhookConfigs.endpoint, 'crm-plans'));
  crm = seeded!;
  const created = await admin.post('/api/admin/webhooks', { name: 'Other feed', endpoint: 'other-feed', fieldMappings: '{"email":"email"}', secretKey: 'other-feed-secret-0123456789' });
  other = created.body;
});

const db = () => server.database.db;
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

async function insertLog(values: Partial<typeof webhookLogs.$inferInsert> = {}) {
  const [row] = await db()
    .insert(webhookLogs)
    .values({ webhookConfigId: crm.id, endpoint: crm.endpoint, method: 'POST', responseStatus: 200, ...values })
    .returning();
  return row!;
}

// Runs first: the database has no logs yet.
describe('GET /api/admin/webhook-logs/latest-payload', () => {
  it('is 404 while no delivery had a JSON object body, then finds the newest one that got past the endpoint and signature checks', async () => {
    expect(failure(await admin.get('/api/admin/webhook-logs/latest-payload'))).toEqual({ status: 404, message: 'No recent webhook data found' });

    const good = await insertLog({ body: { contact: { email: 'a@example.com' } }, createdAt: minutesAgo(60) });
    await insertLog({ body: { forged: true }, responseStatus: 401, createdAt: minutesAgo(30) });
    // Sent to the endpoint while it was inactive: logged before any signature check, so never a sample.
    await insertLog({ body: { planted: true }, responseStatus: 404, createdAt: minutesAgo(25) });
    await insertLog({ body: 'plain text body', responseStatus: 400, createdAt: minutesAgo(20) });
    await insertLog({ body: [{ a: 1 }], responseStatus: 400, createdAt: minutesAgo(15) });
    await insertLog({ body: null, responseStatus: 413, createdAt: minutesAgo(10) });
    const otherLog = await insertLog({ webhookConfigId: other.id, endpoint: other.endpoint, body: { other: 1 }, responseStatus: 422, createdAt: minutesAgo(40) });

    const expected = {
      logId: good.id,
      webhookConfigId: crm.id,
      webhookName: 'CRM plan purchases',
      endpoint: 'crm-plans',
      receivedAt: minutesAgo(60).toISOString(),
      payload: { contact: { email: 'a@example.com' } },
    };
    expect(await admin.get(`/api/admin/webhook-logs/latest-payload?webhookId=${crm.id}`)).toMatchObject({ status: 200, body: expected });
    expect((await admin.get(`/api/admin/webhook-logs/latest-payload?webhookId=${crm.id.toUpperCase()}`)).body).toEqual(expected);
    // Without a filter, the newest of all: the other feed's (a 422 still passed the signature check).
    expect((await admin.get('/api/admin/webhook-logs/latest-payload?webhookId=')).body).toMatchObject({ logId: otherLog.id, webhookName: 'Other feed', payload: { other: 1 } });
    expect(failure(await admin.get('/api/admin/webhook-logs/latest-payload?webhookId=6f1c1b9e-0000-4000-8000-000000000000'))).toEqual({
      status: 404,
      message: 'No recent webhook data found',
    });
    expect(failure(await admin.get('/api/admin/webhook-logs/latest-payload?webhookId=abc'))).toEqual({
      status: 400,
      message: 'webhookId: webhookId must be a webhook configuration id',
    });
    await db().delete(webhookLogs);
  });
});

describe('GET /api/admin/webhook-logs', () => {
  it('lists summaries newest first (ties by id), with the configuration name, filtered and limited', async () => {
    await db().delete(webhookLogs);
    const same = minutesAgo(5);
    const rows = [
      await insertLog({ createdAt: minutesAgo(50), responseMessage: 'Created', headers: { 'content-type': 'application/json' }, body: { big: 'x' } }),
      await insertLog({ createdAt: same, responseStatus: 422, responseMessage: 'Missing required fields: email' }),
      await insertLog({ createdAt: same, responseStatus: 401 }),
      await insertLog({ webhookConfigId: other.id, endpoint: other.endpoint, createdAt: minutesAgo(20), ipAddress: '203.0.113.9', processingTimeMs: 42 }),
    ];
    const res = await admin.get('/api/admin/webhook-logs');
    expect(res.status).toBe(200);
    const tied = [rows[1]!, rows[2]!].sort((a, b) => (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(res.body.logs.map((l: { id: string }) => l.id)).toEqual([...tied, rows[3]!.id, rows[0]!.id]);
    expect(res.body.logs[3]).toEqual({
      id: rows[0]!.id,
      webhookConfigId: crm.id,
      webhookName: 'CRM plan purchases',
      endpoint: 'crm-plans',
      method: 'POST',
      responseStatus: 200,
      responseMessage: 'Created',
      processingTimeMs: 0,
      ipAddress: null,
      createdAt: minutesAgo(50).toISOString(),
    });
    expect(res.body.logs[2]).toMatchObject({ webhookName: 'Other feed', ipAddress: '203.0.113.9', processingTimeMs: 42 });

    const filtered = await admin.get(`/api/admin/webhook-logs?webhookId=${other.id}`);
    expect(filtered.body.logs.map((l: { id: string }) => l.id)).toEqual([rows[3]!.id]);
    expect((await admin.get(`/api/admin/webhook-logs?webhookId=${crm.id}&limit=25`)).body.logs).toHaveLength(3);
  });

  it('returns 50 by default, or 25, 100 or 200, and refuses any other limit or a bad id', async () => {
    await db().delete(webhookLogs);
    await db()
      .insert(webhookLogs)
      .values(
        Array.from({ length: 120 }, (_, i) => ({ webhookConfigId: crm.id, endpoint: crm.endpoint, method: 'POST', responseStatus: 200, createdAt: minutesAgo(i) })),
      );
    const sizes = async (query: string) => (await admin.get(`/api/admin/webhook-logs${query}`)).body.logs.length;
    expect(await sizes('')).toBe(50);
    expect(await sizes('?limit=25')).toBe(25);
    expect(await sizes('?limit=100')).toBe(100);
    expect(await sizes('?limit=200')).toBe(120);
    const newest = (await admin.get('/api/admin/webhook-logs?limit=25')).body.logs;
    expect(newest[0].createdAt).toBe(NOW.toISOString());
    expect(newest[24].createdAt).toBe(minutesAgo(24).toISOString());
    for (const limit of ['30', '0', 'abc', '1000']) {
      expect(failure(await admin.get(`/api/admin/webhook-logs?limit=${limit}`))).toEqual({ status: 400, message: 'limit: limit must be 25, 50, 100 or 200' });
    }
    expect(failure(await admin.get('/api/admin/webhook-logs?webhookId=123'))).toEqual({ status: 400, message: 'webhookId: webhookId must be a webhook configuration id' });
  });

  it('reads the newest rows from the indexes (no sequential scan of the table)', async () => {
    const plan = async (query: ReturnType<typeof sql>) => {
      const result = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain ${query}`);
      });
      return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    };
    const filtered = await plan(
      sql`select id from webhook_logs where webhook_config_id = ${crm.id} order by created_at desc, id desc limit 50`,
    );
    expect(filtered).toContain('webhook_logs_config_created_idx');
    const all = await plan(sql`select id from webhook_logs order by created_at desc, id desc limit 50`);
    expect(all).toContain('webhook_logs_created_at_idx');
  });
});

describe('GET /api/admin/webhook-logs/:id', () => {
  it('shows one delivery whole, and 404 for an unknown or malformed id', async () => {
    const log = await insertLog({
      createdAt: minutesAgo(3),
      responseStatus: 201,
      responseMessage: 'Account created',
      errorDetails: null,
      headers: { 'content-type': 'application/json', 'x-webhook-signature': '[redacted]' },
      body: { contact: { email: 'b@example.com', password: '[redacted]' } },
      mappedData: { email: 'b@example.com' },
      queryParams: { source: 'crm' },
      ipAddress: '198.51.100.7',
      processingTimeMs: 12,
    });
    const res = await admin.get(`/api/admin/webhook-logs/${log.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: log.id,
      webhookConfigId: crm.id,
      webhookName: 'CRM plan purchases',
      endpoint: 'crm-plans',
      method: 'POST',
      responseStatus: 201,
      responseMessage: 'Account created',
      processingTimeMs: 12,
      ipAddress: '198.51.100.7',
      createdAt: minutesAgo(3).toISOString(),
      errorDetails: null,
      headers: { 'content-type': 'application/json', 'x-webhook-signature': '[redacted]' },
      body: { contact: { email: 'b@example.com', password: '[redacted]' } },
      mappedData: { email: 'b@example.com' },
      queryParams: { source: 'crm' },
    });
    const textual = await insertLog({ body: 'not json', responseStatus: 400, errorDetails: 'Body is not a JSON object' });
    expect((await admin.get(`/api/admin/webhook-logs/${textual.id}`)).body).toMatchObject({
      body: 'not json',
      headers: null,
      mappedData: null,
      queryParams: null,
      errorDetails: 'Body is not a JSON object',
    });
    expect(failure(await admin.get('/api/admin/webhook-logs/6f1c1b9e-0000-4000-8000-000000000000'))).toEqual({ status: 404, message: 'Webhook log not found' });
    expect(failure(await admin.get('/api/admin/webhook-logs/garbage'))).toEqual({ status: 404, message: 'Webhook log not found' });
  });
});

describe('DELETE /api/admin/webhook-logs', () => {
  it('deletes only the logs older than the cutoff', async () => {
    await db().delete(webhookLogs);
    const cutoff = new Date(NOW.getTime() - 30 * DAY);
    const old1 = await insertLog({ createdAt: new Date(cutoff.getTime() - 1) });
    const old2 = await insertLog({ webhookConfigId: null, endpoint: 'deleted-feed', createdAt: new Date(cutoff.getTime() - 90 * DAY) });
    const atCutoff = await insertLog({ createdAt: cutoff });
    const recent = await insertLog({ createdAt: minutesAgo(1) });

    const res = await admin.request('DELETE', '/api/admin/webhook-logs', { olderThanDays: 30 });
    expect(res).toMatchObject({ status: 200, body: { message: 'Deleted 2 logs older than 30 days', deleted: 2 } });
    const left = (await db().select({ id: webhookLogs.id }).from(webhookLogs)).map((r) => r.id).sort();
    expect(left).toEqual([atCutoff.id, recent.id].sort());
    expect(left).not.toContain(old1.id);
    expect(left).not.toContain(old2.id);

    expect((await admin.request('DELETE', '/api/admin/webhook-logs', { olderThanDays: 30 })).body).toEqual({ message: 'Deleted 0 logs older than 30 days', deleted: 0 });
    expect((await admin.request('DELETE', '/api/admin/webhook-logs', { olderThanDays: 1 })).body).toEqual({ message: 'Deleted 1 log older than 1 day', deleted: 1 });
    expect((await db().select({ id: webhookLogs.id }).from(webhookLogs)).map((r) => r.id)).toEqual([recent.id]);
  });

  it('refuses a number of days that is not a whole number from 1 to 3650', async () => {
    for (const olderThanDays of [0, -1, 1.5, 3651, 'soon', undefined]) {
      expect(failure(await admin.request('DELETE', '/api/admin/webhook-logs', { olderThanDays }))).toEqual({
        status: 400,
        message: 'olderThanDays: olderThanDays must be a whole number of days from 1 to 3650',
      });
    }
  });
});

describe('a signed delivery, read back through GET /api/admin/webhook-logs/:id (issue 29)', () => {
  it('is stored with every credential redacted, the secret cut out of keys and texts, and the data fields readable', async () => {
    const secret = 'redaction-feed-secret-0123456789';
    const created = await admin.post('/api/admin/webhooks', {
      name: 'Redaction feed',
      endpoint: 'redaction-feed',
      fieldMappings: JSON.stringify({ email: 'contact.email', firstName: 'contact.firstName', lastName: 'contact.lastName', crmUserId: 'contact.id', planTier: 'plan.tier', notes: 'notes' }),
      secretKey: secret,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const payload = {
      event: 'plan.purchased',
      contact: { id: 'crm-red-1', email: 'robin.shipping@example.com', firstName: 'Robin', lastName: 'Shipping', phone: '+1 416 555 0100', sessionId: 'v-session-id' },
      plan: { tier: 'TWO', sessionsPerWeek: 2 },
      children: [{ name: 'Maya', weeklyLimit: 2 }],
      shipping: { address: '1 Main St', pinned: true },
      authorName: 'Ann Author',
      passport: 'P123',
      notes: `Signed up at the fair (${secret})`,
      apiKey: 'v-apikey',
      api_key: 'v-api_key',
      private_key: 'v-private_key',
      Cookie: 'v-cookie',
      auth: { user: 'v-auth-user', otp: 'v-auth-otp' },
      PassPhrase: 'v-passphrase',
      OTP: 'v-otp',
      devices: [{ pin: 'v-pin', PASSCODE: 'v-passcode', SessionID: 'v-session-2' }],
      [secret]: 'v-under-the-secret',
    };
    const raw = JSON.stringify(payload);
    const res = await fetch(`${server.baseUrl}/api/webhooks/redaction-feed?otp=v-query-otp&page=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(secret, raw, Math.floor(NOW.getTime() / 1000)), 'x-session-id': 'v-header-session' },
      body: raw,
    });
    expect(res.status, await res.clone().text()).toBe(201);

    const list = await admin.get(`/api/admin/webhook-logs?webhookId=${created.body.id}`);
    const [summary] = list.body.logs;
    const log = await admin.get(`/api/admin/webhook-logs/${summary.id}`);
    expect(log.status).toBe(200);
    expect(log.body.body).toEqual({
      event: 'plan.purchased',
      contact: { id: 'crm-red-1', email: 'robin.shipping@example.com', firstName: 'Robin', lastName: 'Shipping', phone: '+1 416 555 0100', sessionId: '[redacted]' },
      plan: { tier: 'TWO', sessionsPerWeek: 2 },
      children: [{ name: 'Maya', weeklyLimit: 2 }],
      shipping: { address: '1 Main St', pinned: true },
      authorName: 'Ann Author',
      passport: 'P123',
      notes: 'Signed up at the fair ([redacted])',
      apiKey: '[redacted]',
      api_key: '[redacted]',
      private_key: '[redacted]',
      Cookie: '[redacted]',
      auth: '[redacted]',
      PassPhrase: '[redacted]',
      OTP: '[redacted]',
      devices: [{ pin: '[redacted]', PASSCODE: '[redacted]', SessionID: '[redacted]' }],
      '[redacted]': '[redacted]',
    });
    expect(log.body.mappedData).toMatchObject({ email: 'robin.shipping@example.com', firstName: 'Robin', planTier: 'TWO', notes: 'Signed up at the fair ([redacted])' });
    expect(log.body.queryParams).toEqual({ otp: '[redacted]', page: '2' });
    expect(log.body.headers['x-session-id']).toBe('[redacted]');
    const text = JSON.stringify(log.body);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"v-/);
  });
});
