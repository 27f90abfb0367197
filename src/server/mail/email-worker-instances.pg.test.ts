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

async function instance(smtpUrl: string): Promise<ServerProcess> {
  const started = await startServerProcess({ env: { DATABASE_URL: database.url!, SMTP_URL: smtpUrl, SEED_DEMO_DATA: 'false' } });
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
    const good = await startSmtpSink();
    sinks.push(good);
    const b = await instance(good.url);
    const { sink: hanging, hung } = await hangingSink(1);
    const a = await instance(hanging.url);
    const emails = await familiesBook(a, 3, 'killed');
    await hung;
    await a.kill9();
    const killedAt = Date.now();
    // What A had claimed: the claims run out (30 s), and B's worker (every 15 s) sends them.
    await until('the other instance to send them', async () => (await outboxOf(emails)).every((m) => m.status === 'SENT'), 75_000);
    expect(Date.now() - killedAt).toBeLessThan(75_000);
    await sleep(200);
    const everywhere = [...received(hanging, emails), ...received(good, emails)];
    expect(everywhere.toSorted()).toEqual(emails.toSorted());
    const [{ n } = { n: -1 }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.toAddress, emails), sql`status <> 'SENT'`));
    expect(n).toBe(0);
    await b.stop();
  }, 150_000);
});
