import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Email } from 'postal-mime';
import { buildApp } from '../app';
import { emailOutbox } from '../db/schema';
import { loadEnv } from '../env';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { claimDueStatement, EMAIL_BATCH_SIZE, EmailWorker, type EmailWorkerSettings } from './email-worker';
import { enqueueEmail } from './outbox';
import { withApi } from '../test-support/with-api';

// Issue 29, item 14: what happens to the outbox when an instance dies or is stopped in the middle of sending, and
// when the mail server hangs. The instances here are e-mail workers on one database (as several portal processes
// on one PostgreSQL), each with the real SMTP client, against real SMTP servers in this process.

const sinks: SmtpSink[] = [];
const workers: EmailWorker[] = [];
const apps: FastifyInstance[] = [];

const { server } = withApi({ seed: false });
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
  await db().delete(emailOutbox);
});

const db = () => server.database.db;
const quiet = { info: () => undefined, warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sink(gate?: (email: Email, n: number) => void | Promise<void>): Promise<SmtpSink> {
  const started = await startSmtpSink(0, { gate });
  sinks.push(started);
  return started;
}

/** An instance's e-mail worker (another portal process on the same database). */
function instance(smtpUrl: string, settings: EmailWorkerSettings = {}): EmailWorker {
  const worker = new EmailWorker(
    db(),
    { smtpUrl, from: 'portal@example.com', outboxDir: '/nonexistent', context: { businessName: 'Northbound Athletics', publicUrl: 'http://localhost' } },
    quiet,
    undefined,
    settings,
  );
  workers.push(worker);
  return worker;
}

/**
 * A mail server that accepts the first `accepted` messages and then holds every later one without an answer, as
 * a server that hangs mid-send, until the test lets it go on (`release()`) or refuses them (`release(error)`).
 */
function hangsAfter(accepted: number) {
  let hangs!: () => void;
  const hung = new Promise<void>((resolve) => (hangs = resolve));
  let release!: (error?: Error) => void;
  const held = new Promise<void>((resolve, reject) => (release = (error) => (error ? reject(error) : resolve())));
  held.catch(() => undefined);
  return {
    gate: async (_email: Email, n: number) => {
      if (n < accepted) return;
      hangs();
      await held;
    },
    /** Resolves once a message is being held. */
    hung,
    release,
  };
}
const tryLater = () => Object.assign(new Error('Try again later'), { responseCode: 451 });

async function queue(count: number, prefix = 'Message') {
  for (let i = 0; i < count; i++) await enqueueEmail(db(), { to: `family${i}@example.com`, subject: `${prefix} ${i}`, text: 'Hello' });
}
const rows = () => db().select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.subject)); // rows queued together share created_at (the transaction's now())
const statusOf = async (subject: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.subject, subject)))[0]?.status;

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(25);
  }
  return check();
}

describe('an instance that sends', () => {
  it('marks each message sent as soon as the server accepted it, and keeps its claims while a send hangs', async () => {
    const server1 = hangsAfter(2);
    const smtp = await sink(server1.gate);
    await queue(5);
    // A 2 s lease: with 1.2 s the sent marks did not arrive within 10 s once, on PGlite in a CI run on a busy machine.
    const a = instance(smtp.url, { claimLeaseMs: 2000 });
    const run = a.processDue();
    await server1.hung;
    // Messages 0 and 1 were accepted: recorded as sent while message 2 is still on its way, not at the batch's end
    // (an instance that died now would leave nothing accepted to be sent again).
    // Message 2 stays held until released below, so a longer wait on a busy machine proves the same thing.
    expect(await until(async () => (await statusOf('Message 0')) === 'SENT' && (await statusOf('Message 1')) === 'SENT', 25_000)).toBe(true);
    expect((await rows()).map((row) => row.status)).toEqual(['SENT', 'SENT', 'SENDING', 'SENDING', 'SENDING']);

    // Its send hangs for longer than a claim lasts (over two leases): the claims are renewed, so another instance
    // takes none of them.
    await sleep(4500);
    const b = instance(smtp.url);
    expect(await b.processDue()).toBe(0);

    server1.release();
    expect(await run).toBe(5);
    await smtp.waitFor(() => smtp.messages.length >= 5);
    await sleep(100);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4']);
    expect((await rows()).map((row) => [row.status, row.attempts, row.claimedBy])).toEqual(Array(5).fill(['SENT', 1, null]));
  }, 60_000);

  it('claims a message for seconds, not minutes', async () => {
    const server1 = hangsAfter(0);
    const smtp = await sink(server1.gate);
    await queue(1);
    const a = instance(smtp.url);
    const run = a.processDue();
    await server1.hung;
    const result = await db().execute<{ seconds: number }>(sql`select extract(epoch from claimed_until - clock_timestamp())::float8 as seconds from email_outbox`);
    const [claim] = (result as unknown as { rows: Array<{ seconds: number }> }).rows;
    expect(claim!.seconds).toBeGreaterThan(0);
    expect(claim!.seconds).toBeLessThanOrEqual(30);
    server1.release();
    expect(await run).toBe(1);
  });
});

describe('an instance that died', () => {
  it('leaves claims that run out in seconds: another instance sends them, and a later email to that family never overtakes them', async () => {
    const smtp = await sink();
    await enqueueEmail(db(), { to: 'kim@example.com', subject: 'Booking confirmed: first', text: 'Hello' });
    // An instance claims it (for a few seconds) and dies before sending it.
    await db().execute(claimDueStatement(new Date(), EMAIL_BATCH_SIZE, [], { by: 'instance-that-died', leaseMs: 2000 }));
    // Then the family cancels: its cancellation is queued behind the confirmation.
    await enqueueEmail(db(), { to: 'kim@example.com', subject: 'Booking cancelled: second', text: 'Hello' });
    await enqueueEmail(db(), { to: 'other@example.com', subject: 'Another family', text: 'Hello' });

    const b = instance(smtp.url);
    // The claim still runs: the confirmation is not sent twice, and the cancellation waits for it.
    expect(await b.processDue()).toBe(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Another family']);

    const expired = sql`select 1 from email_outbox where status = 'SENDING' and claimed_until < clock_timestamp()`;
    expect(await until(async () => ((await db().execute(expired)) as unknown as { rows: unknown[] }).rows.length > 0)).toBe(true);
    expect(await b.processDue()).toBe(1);
    expect(await b.processDue()).toBe(1);
    await smtp.waitFor(() => smtp.messages.length >= 3);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Another family', 'Booking confirmed: first', 'Booking cancelled: second']);
    const confirmation = (await rows()).find((row) => row.subject === 'Booking confirmed: first');
    expect(confirmation).toMatchObject({ status: 'SENT', attempts: 2, claimedBy: null, claimedUntil: null });
  });
});

describe('an instance that is stopped (SIGTERM: the app closes)', () => {
  it('hands back what it claimed but did not send, and takes no new mail, so another instance sends it at once', async () => {
    const server1 = hangsAfter(1);
    const smtp = await sink(server1.gate);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: server.app.env.dataDir, READ_CACHE: 'strict', SMTP_URL: smtp.url });
    const a = await buildApp({ env, database: server.database, webRoot: null, logger: false, emailWorker: { stopGraceMs: 300 } });
    await queue(4);
    a.emailWorker.kick();
    await server1.hung; // message 0 sent, message 1 held by the server
    // A request answered while the instance drains commits more mail and wakes the worker.
    await enqueueEmail(db(), { to: 'late@example.com', subject: 'Queued while stopping', text: 'Hello' });
    a.emailWorker.kick();

    const started = Date.now();
    // The server refuses the held message only after the close (below): the close cannot have waited for that.
    await a.close();
    expect(Date.now() - started).toBeLessThan(6000);
    const left = await rows();
    expect(left.map((row) => [row.subject, row.status, row.claimedBy])).toEqual([
      ['Message 0', 'SENT', null],
      ['Message 1', 'PENDING', null],
      ['Message 2', 'PENDING', null],
      ['Message 3', 'PENDING', null],
      ['Queued while stopping', 'PENDING', null],
    ]);
    // Handed back as never tried: due at once, with no retry's wait.
    expect(left.slice(1).map((row) => row.attempts)).toEqual([0, 0, 0, 0]);

    const other = await sink();
    const b = instance(other.url);
    expect(await b.processDue()).toBe(4);
    await other.waitFor(() => other.messages.length >= 4);

    // The stopped instance's held send is refused afterwards: it does not touch the message another one sent.
    server1.release(tryLater());
    await a.emailWorker.idle();
    await sleep(300);
    expect((await rows()).map((row) => row.status)).toEqual(Array(5).fill('SENT'));
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Message 0']);
  });
});
