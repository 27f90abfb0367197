import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookConfigs, webhookLogs } from '../db/schema';
import { readBody } from '../test-support/test-server';
import { signWebhook } from '../test-support/webhook-signing';
import { NOW } from '../test-support/clock';
import { withApi } from '../test-support/with-api';

// The per-address rate limit of the CRM receiver (issue 17), lowered to 3 deliveries a minute. TRUST_PROXY=1
// lets the test speak from several addresses through X-Forwarded-For, as a proxy in front would report them.
const SECRET = 'limits-secret-0123456789';
const LIMIT = 3;

let config: typeof webhookConfigs.$inferSelect;

const { server } = withApi({ seed: false, clock: () => NOW, env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' } });
beforeAll(async () => {
  const [row] = await server.database.db
    .insert(webhookConfigs)
    .values({ name: 'Limits', endpoint: 'crm-limits', secretKey: SECRET, fieldMappings: JSON.stringify({ email: 'email', firstName: 'first', lastName: 'last' }) })
    .returning();
  config = row!;
});

let counter = 0;
async function deliver(from: string, endpoint = config.endpoint, raw = JSON.stringify({ email: `limit-${++counter}@example.com`, first: 'Lim', last: 'It' })) {
  const response = await fetch(`${server.baseUrl}/api/webhooks/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, 'x-webhook-signature': signWebhook(SECRET, raw, Math.floor(NOW.getTime() / 1000)) },
    body: raw,
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await readBody(response) };
}

const logCount = async () =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookLogs).where(eq(webhookLogs.webhookConfigId, config.id)))[0]!.n;

describe('POST /api/webhooks/*: per-address rate limit', () => {
  it('answers 429 with Retry-After once an address sent WEBHOOK_RATE_LIMIT_PER_MINUTE deliveries, without reading or logging it', async () => {
    const flood = '198.51.100.7';
    for (let i = 0; i < LIMIT; i++) expect((await deliver(flood)).status).toBe(201);
    expect(await logCount()).toBe(LIMIT);

    const limited = await deliver(flood);
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({ message: `Too many webhook deliveries from this address. Try again in ${limited.retryAfter} second${limited.retryAfter === '1' ? '' : 's'}.`, code: 'RATE_LIMITED' });
    // Unknown endpoints and 1 MB bodies are cut off the same way, before the body is read; nothing is logged.
    expect((await deliver(flood, 'no-such-endpoint')).status).toBe(429);
    expect((await deliver(flood, config.endpoint, JSON.stringify({ filler: 'x'.repeat(1_000_000) }))).status).toBe(429);
    expect(await logCount()).toBe(LIMIT);

    // Another address has its own allowance, and the rest of the API is not limited by this one.
    expect((await deliver('203.0.113.9')).status).toBe(201);
    for (let i = 0; i < LIMIT + 2; i++) {
      const health = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-forwarded-for': flood } });
      expect(health.status).toBe(200);
    }
  });
});
