import { addDays } from 'date-fns';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { emailOutbox } from '../db/schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestDatabase } from '../test-support/test-database';
import { ApiClient } from '../test-support/test-server';

// Issue 29, item 14, as the fault-injection run found it: portal processes on one PostgreSQL, families booking,
// and a mail server that hangs in the middle of a batch. An instance stopped then (SIGTERM: a deploy) or killed
// (kill -9) must leave nothing sent to be sent again, and nothing unsent to wait ten minutes.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: DatabaseHandle & { url: string | null };
const processes: ServerProcess[] = [];
const sinks: SmtpSink[] = [];
let sessionId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const classType = await createClassType(database.db);
  const startsAt = addDays(new Date(), 1);
  startsAt.setUTCMinutes(0, 0, 0);
  sessionId = (await createSession(database.db, { classTypeId: classType.id, startsAt, capacity: 40 })).id;
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill9()));
  await Promise.all(sinks.map((s) => s.close()));
  await database?.close();
}, 60_000);

/** A mail server that accepts the first `accepted` messages, then holds every later one without an answer. */
async function hangingSink(accepted: number) {
  let hangs!: () => void;
  const hung = new Promise<void>((resolve) => (hangs = resolve));
  const sink = await startSmtpSink(0, {
    gate: (_email: Email, n: number) => {
      if (n < accepted) return;
      hangs();
      return new Promise<void>(() => undefined);
    },
  });
  sinks.push(sink);
  return { sink, hung };
}

async function instance(smtpUrl: string, settings: Record<string, string> = {}): Promise<ServerProcess> {
  const started = await startServerProcess({ env: { DATABASE_URL: database.url!, SMTP_URL: smtpUrl, SEED_DEMO_DATA: 'false', ...settings } });
  processes.push(started);
  return started;
}

/** `count` families book through `server`; their confirmations are queued (and the instance's worker woken). */
async function familiesBook(server: ServerProcess, count: number, label: string): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const parent = await createParent(database.db, [[`Kid${i}`, 3]], `${label}${i}`);
    const api = new ApiClient(server.baseUrl);
    await api.login(parent.email, parent.password);
    expect((await api.post('/api/bookings', { sessionId, childNames: [`Kid${i}`] })).status).toBe(201);
    emails.push(parent.email);
  }
  return emails;
}

const outboxOf = (emails: string[]) =>
  database.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, emails)).orderBy(asc(emailOutbox.createdAt));

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
const received = (sink: SmtpSink, emails: string[]) =>
  sink.messages.filter((m) => m.to?.some((to) => emails.includes(to.address ?? '')) === true).map((m) => m.to![0]!.address!);

describe('an instance stopped or killed while the mail server hangs', () => {
  it('SIGTERM: it exits within seconds and hands back its unsent mail, which another instance sends at once, each once', async () => {
    const { sink: hanging, hung } = await hangingSink(1);
    const a = await instance(hanging.url);
    const emails = await familiesBook(a, 4, 'sigterm');
    await hung;

    const started = Date.now();
    expect(await a.stop(30_000)).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(15_000);
    const left = await outboxOf(emails);
    expect(left.filter((m) => m.status === 'SENT')).toHaveLength(1);
    expect(left.filter((m) => m.status === 'PENDING' && m.claimedBy === null)).toHaveLength(3);

    const good = await startSmtpSink();
    sinks.push(good);
    const startedB = Date.now();
    const b = await instance(good.url);
    await until('the other instance to send them', async () => (await outboxOf(emails)).every((m) => m.status === 'SENT'), 30_000);
    expect(Date.now() - startedB).toBeLessThan(30_000);
    await sleep(200);
    const everywhere = [...received(hanging, emails), ...received(good, emails)];
    expect(everywhere.toSorted()).toEqual(emails.toSorted());
    expect(await b.stop()).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('kill -9: its claims run out within seconds and another instance sends what it had not', async () => {
    // Claims of 3 s (EMAIL_CLAIM_LEASE_MS; 30 s by default) and B's worker every 500 ms (EMAIL_WORKER_INTERVAL_MS;
    // 15 s by default): the same run-out and take-over, in seconds instead of up to 45 s.
    const fast = { EMAIL_CLAIM_LEASE_MS: '3000', EMAIL_WORKER_INTERVAL_MS: '500' };
    const { sink: hanging, hung } = await hangingSink(1);
    const a = await instance(hanging.url, fast);
    const emails = await familiesBook(a, 3, 'killed');
    await hung;
    // A (the only instance so far) holds the message its mail server hangs on.
    const held = (await outboxOf(emails)).filter((m) => m.status === 'SENDING');
    expect(held.length).toBeGreaterThanOrEqual(1);
    for (const message of held) expect(message.claimedBy).toBeTruthy();
    // B starts only now (so B, polling every 500 ms, cannot take it before A does). A keeps renewing its claims,
    // so B's first runs leave them alone.
    const good = await startSmtpSink();
    sinks.push(good);
    const b = await instance(good.url, fast);
    await sleep(1_000);
    const stillHeld = await outboxOf(held.map((m) => m.toAddress));
    expect(stillHeld.map((m) => [m.id, m.status, m.claimedBy])).toEqual(held.map((m) => [m.id, 'SENDING', m.claimedBy]));
    await a.kill9();
    const killedAt = Date.now();
    // What A had claimed: the claims run out (3 s here), and B's worker (every 500 ms here) sends them.
    await until('the other instance to send them', async () => (await outboxOf(emails)).every((m) => m.status === 'SENT'), 15_000);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await sleep(200);
    const everywhere = [...received(hanging, emails), ...received(good, emails)];
    expect(everywhere.toSorted()).toEqual(emails.toSorted());
    // What A held went out from B, claimed a second time once A's claims had run out.
    const after = await outboxOf(emails);
    for (const message of held) {
      expect(received(good, emails)).toContain(message.toAddress);
      expect(after.find((m) => m.id === message.id)).toMatchObject({ status: 'SENT', attempts: 2, claimedBy: null });
    }
    const [{ n } = { n: -1 }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.toAddress, emails), sql`status <> 'SENT'`));
    expect(n).toBe(0);
    await b.stop();
  }, 150_000);
});
