import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { families, users, webhookConfigs, webhookLogs } from '../db/schema';
import { signWebhook } from '../test-support/webhook-signing';
import { NOW } from '../test-support/clock';
import { withApi } from '../test-support/with-api';

// Many simultaneous CRM deliveries through HTTP. On PostgreSQL (DATABASE_URL set, as in CI) they run on
// separate pooled connections at the same time, so the advisory locks on the CRM contact and the e-mail
// are what keep one family to one account; on PGlite (one connection) they run one after another and the
// same assertions hold.
const SECRET = 'concurrency-secret-0123456789';
const MAPPINGS = JSON.stringify({
  email: 'contact.email',
  firstName: 'contact.firstName',
  lastName: 'contact.lastName',
  crmUserId: 'contact.id',
  planTier: 'plan.tier',
  firstChildName: 'children[0].name',
  updatedAt: 'updatedAt',
});
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

// 200 deliveries from one address at once: above the default per-address rate limit, which is not what this tests.
const { server } = withApi({ seed: false, clock: () => NOW, env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000' } });

async function createConfig(endpoint: string) {
  const [row] = await server.database.db.insert(webhookConfigs).values({ name: endpoint, endpoint, fieldMappings: MAPPINGS, secretKey: SECRET }).returning();
  return row!;
}

async function deliver(endpoint: string, payload: unknown) {
  const raw = JSON.stringify(payload);
  const response = await fetch(`${server.baseUrl}/api/webhooks/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(SECRET, raw, Math.floor(NOW.getTime() / 1000)) },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { message: string; action?: string; userId?: string } };
}

const family = (id: string) => ({
  contact: { id, email: `${id}@example.com`, firstName: 'Race', lastName: id },
  plan: { tier: 'ONE' },
  children: [{ name: 'Kid' }],
  updatedAt: '2026-11-18T16:00:00.000Z',
});

const countWhere = async (table: typeof users | typeof families | typeof webhookLogs, where: ReturnType<typeof eq>) =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;

describe(`CRM deliveries under concurrency (${database})`, () => {
  it('200 simultaneous deliveries for distinct families make exactly 200 accounts and 200 logs', { timeout: 90_000 }, async () => {
    const config = await createConfig('race-many');
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => deliver('race-many', family(`many-${i}`))));
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.message}`)).toEqual([]);
    expect(new Set(results.map((r) => r.body.userId)).size).toBe(200);
    expect(await countWhere(families, like(families.crmUserId, 'many-%'))).toBe(200);
    expect(await countWhere(webhookLogs, eq(webhookLogs.webhookConfigId, config.id))).toBe(200);
    const [row] = await server.database.db.select().from(webhookConfigs).where(eq(webhookConfigs.id, config.id));
    expect(row!.triggerCount).toBe(200);
  });

  it('20 simultaneous copies of one delivery make one account; the other 19 find it unchanged', async () => {
    const config = await createConfig('race-same');
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver('race-same', family('same-1'))));
    const created = results.filter((r) => r.status === 201);
    const unchanged = results.filter((r) => r.status === 200 && r.body.action === 'unchanged');
    expect(results.map((r) => `${r.status} ${r.body.message}`).filter((line) => !/^(201|200) /.test(line))).toEqual([]);
    expect(created).toHaveLength(1);
    expect(unchanged).toHaveLength(19);
    for (const r of unchanged) expect(r.body).toEqual({ message: 'No changes: the account already matches', action: 'unchanged', userId: created[0]!.body.userId });
    expect(await countWhere(families, eq(families.crmUserId, 'same-1'))).toBe(1);
    expect(await countWhere(webhookLogs, eq(webhookLogs.webhookConfigId, config.id))).toBe(20);
  });

  it('deliveries racing with one email but different CRM contacts: one account, the rest refused with 409', async () => {
    await createConfig('race-email');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver('race-email', { ...family(`mail-${i}`), contact: { ...family(`mail-${i}`).contact, email: 'shared@example.com' } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r).toEqual({ status: 409, body: { message: 'This email belongs to another CRM contact', code: 'CONFLICT' } });
    }
    expect(await countWhere(users, eq(users.email, 'shared@example.com'))).toBe(1);
  });
});
