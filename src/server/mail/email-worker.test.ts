import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startOfTorontoWeek, torontoTime } from '../../shared/rules/week';
import { emailOutbox } from '../db/schema';
import { EmailWorker } from './email-worker';
import { enqueueEmail } from './outbox';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { freePort } from '../test-support/free-port';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { ApiClient, startTestServer, type TestServer } from '../test-support/test-server';
import { NOW } from '../test-support/clock';

const nextTuesday = () => {
  const d = addDays(startOfTorontoWeek(NOW), 8);
  return new Date(torontoTime(d.getFullYear(), d.getMonth() + 1, d.getDate(), 17).getTime());
};

let server: TestServer | undefined;
let smtp: SmtpSink | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.close();
  server = smtp = undefined;
});

async function bookSomething(s: TestServer) {
  const classType = await createClassType(s.database.db, { name: 'Outbox Class' });
  const session = await createSession(s.database.db, { classTypeId: classType.id, startsAt: nextTuesday() });
  const parent = await createParent(s.database.db, [['Ava', 2]]);
  const api = new ApiClient(s.baseUrl);
  await api.login(parent.email, parent.password);
  const res = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] });
  return { res, parent };
}

describe('email outbox', () => {
  it('without SMTP_URL writes the message to DATA_DIR/outbox as an .eml file', async () => {
    server = await startTestServer({ seed: false, clock: () => NOW });
    const { res, parent } = await bookSomething(server);
    expect(res.status).toBe(201);
    await server.app.emailWorker.idle();
    const folder = path.join(server.app.env.dataDir, 'outbox');
    const files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(folder, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${parent.email}`);
    expect(eml).toContain('Subject: Booking confirmed: Outbox Class on Tuesday, November 24, 2026');
    expect(eml).toMatch(/Content-Type: text\/calendar/);
    // The reminder (issue 21) is not written with the booking: the worker makes it when the day before comes.
    const [row] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-confirmed'));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-reminder'))).toEqual([]);
    // A booking's e-mail is a template row, rendered by the worker; what was sent is stored with the row.
    expect(row!.template).toBe('booking-confirmed');
    expect(row!.subject).toBe('Booking confirmed: Outbox Class on Tuesday, November 24, 2026');
    expect(row!.textBody).toContain('Your booking is confirmed.');
    expect(row!.attachments).toEqual([expect.objectContaining({ contentType: expect.stringContaining('text/calendar') })]);
  });

  it('books even when the mail server is down, then delivers on a later attempt', async () => {
    const port = await freePort();
    server = await startTestServer({ seed: false, clock: () => NOW, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const { res, parent } = await bookSomething(server);
    expect(res.status).toBe(201); // the booking does not wait for, or fail with, the e-mail
    await server.app.emailWorker.idle();
    const [failed] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-confirmed'));
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The retry waits, timed from the worker's clock (the app's, pinned here).
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(NOW.getTime());
    expect(await server.app.emailWorker.processDue()).toBe(0);

    smtp = await startSmtpSink(port);
    await server.database.db.update(emailOutbox).set({ nextAttemptAt: NOW }).where(eq(emailOutbox.id, failed!.id));
    expect(await server.app.emailWorker.processDue()).toBe(1);
    const mail = await smtp.waitForMail(parent.email, 'Booking confirmed');
    expect(mail.attachments).toHaveLength(1);
    const [sent] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    // Nothing left to send: a second run sends nothing again.
    expect(await server.app.emailWorker.processDue()).toBe(0);
  });

  it("a booking's cancellation never goes out before its confirmation, even when the confirmation must be retried", async () => {
    // The mail server refuses the first confirmation once (a 451: try again later), as during a short outage.
    let refused = 0;
    smtp = await startSmtpSink(0, {
      gate: (email) => {
        if ((email.subject ?? '').startsWith('Booking confirmed') && refused++ === 0) {
          throw Object.assign(new Error('Try again later'), { responseCode: 451 });
        }
      },
    });
    let now: Date = NOW;
    server = await startTestServer({ seed: false, clock: () => now, env: { SMTP_URL: smtp.url } });
    const { res, parent } = await bookSomething(server);
    expect(res.status).toBe(201);
    await server.app.emailWorker.idle();
    const api = new ApiClient(server.baseUrl);
    await api.login(parent.email, parent.password);
    expect((await api.post(`/api/bookings/${res.body.id}/cancel`)).status).toBe(200);
    await server.app.emailWorker.idle();
    // The cancellation waits for the confirmation's retry (a minute later) instead of arriving first.
    expect(smtp.messages.map((m) => m.subject)).toEqual([]);
    now = new Date(NOW.getTime() + 2 * 60_000);
    server.app.emailWorker.kick();
    await server.app.emailWorker.idle();
    await smtp.waitFor(() => smtp!.messages.length >= 2);
    expect(smtp.messages.map((m) => (m.subject ?? '').split(':')[0])).toEqual(['Booking confirmed', 'Booking cancelled']);
  });

  it('several instances draining one outbox send each message exactly once', async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ seed: false, clock: () => NOW });
    const db = server.database.db;
    for (let i = 0; i < 30; i++) {
      await enqueueEmail(db, { to: `family${i}@example.com`, subject: `Message ${i}`, text: 'Hello' });
    }
    const quiet = { info: () => undefined, warn: () => undefined };
    const workers = Array.from(
      { length: 3 },
      () => new EmailWorker(db, { smtpUrl: smtp!.url, from: 'portal@example.com', outboxDir: '/nonexistent', context: { businessName: 'Northbound Athletics', publicUrl: 'http://localhost' } }, quiet),
    );
    const sent = await Promise.all(workers.map((worker) => worker.processDue(4)));
    // Each run claims batches of 4; run again until the outbox is empty.
    let more = sent.reduce((a, b) => a + b, 0);
    for (let round = 0; round < 10 && more < 30; round++) {
      more += (await Promise.all(workers.map((worker) => worker.processDue(4)))).reduce((a, b) => a + b, 0);
    }
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(more).toBe(30);
    await smtp.waitFor(() => smtp!.messages.length >= 30);
    const subjects = smtp.messages.map((m) => m.subject).sort();
    expect(new Set(subjects).size).toBe(30);
    expect(subjects).toHaveLength(30);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('claims again a message left "sending" by an instance that died', async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ seed: false, clock: () => NOW, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const db = server.database.db;
    await enqueueEmail(db, { to: 'late@example.com', subject: 'Stuck', text: 'Hello' });
    // As if another instance claimed it and vanished: SENDING, its claim run out.
    await db.update(emailOutbox).set({ status: 'SENDING', attempts: 1, claimedBy: 'instance-that-died', claimedUntil: sql`now() - interval '1 second'` });
    const worker = new EmailWorker(db, { smtpUrl: smtp.url, from: 'portal@example.com', outboxDir: '/nonexistent', context: { businessName: 'Northbound Athletics', publicUrl: 'http://localhost' } }, {
      info: () => undefined,
      warn: () => undefined,
    });
    expect(await worker.processDue()).toBe(1);
    await worker.stop();
    await smtp.waitForMail('late@example.com', 'Stuck');
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
  });
});

describe('draining a large outbox', () => {
  it('one kick sends more than one batch (a bulk import queues hundreds of welcome emails)', async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ seed: false, env: { SMTP_URL: smtp.url } });
    const total = 45; // more than two batches of 20
    for (let i = 0; i < total; i++) {
      await enqueueEmail(server.database.db, { to: `family${i}@example.com`, subject: `Welcome ${i}`, text: 'Hello' });
    }
    server.app.emailWorker.kick();
    await server.app.emailWorker.idle();
    expect(smtp.messages).toHaveLength(total);
    const [pending] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'PENDING'));
    expect(pending?.n).toBe(0);
  });
});

describe('a rush of bookings', () => {
  const mailer = (url: string) => ({ smtpUrl: url, from: 'portal@example.com', outboxDir: '/nonexistent', context: { businessName: 'Northbound Athletics', publicUrl: 'http://localhost' } });
  const quiet = { info: () => undefined, warn: () => undefined };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('holds the queued email while the rush is on and sends it once it eases', async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ seed: false, clock: () => NOW });
    await enqueueEmail(server.database.db, { to: 'rush@example.com', subject: 'Booked', text: 'Hello' });
    let rush = true;
    const worker = new EmailWorker(server.database.db, mailer(smtp.url), quiet, undefined, { clock: () => NOW, rushOn: () => rush });
    worker.kick();
    await sleep(400);
    expect(smtp.messages).toHaveLength(0);
    rush = false;
    await smtp.waitForMail('rush@example.com', 'Booked');
    await worker.stop();
  });

  it('does not hold it longer than its limit while the rush goes on', async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ seed: false, clock: () => NOW });
    await enqueueEmail(server.database.db, { to: 'long-rush@example.com', subject: 'Booked', text: 'Hello' });
    const worker = new EmailWorker(server.database.db, mailer(smtp.url), quiet, undefined, { clock: () => NOW, rushOn: () => true, rushMaxWaitMs: 600 });
    const started = performance.now();
    worker.kick();
    await sleep(300);
    expect(smtp.messages).toHaveLength(0);
    await smtp.waitForMail('long-rush@example.com', 'Booked');
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
    await worker.stop();
  });
});
