import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../db/schema';
import { createClassType, createParent, createSession, nextTorontoWeekAt, signInNewParent } from '../test-support/fixtures';
import { freePort } from '../test-support/free-port';
import { queueReminder, insertBooking } from '../test-support/reminders';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// Issue 29, item 19: a mail outage shows as more than warning lines in the log. The mail server here is stopped
// (nothing listens on its port) while families book; it comes back at the end.

let smtp: SmtpSink | undefined;
let admin: ApiClient;
const port = await freePort();
const { server } = withApi({ seed: false, env: { SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${port}` } });
beforeAll(async () => {
  const office = await createParent(server.database.db, [], 'office');
  await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, office.id));
  admin = new ApiClient(server.baseUrl);
  await admin.login(office.email, office.password);
});
afterAll(async () => {
  await smtp?.close();
});

const db = () => server.database.db;
const health = () => new ApiClient(server.baseUrl).get('/api/health/mail');

describe('GET /api/health/mail and the dashboard numbers while the mail server is down', () => {
  it('counts the emails waiting and the oldest one’s age; 503 once it has waited 15 minutes; never shows the mail server’s address', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', backlog: 0, oldestUnsentAgeSeconds: null, delivery: 'smtp' } });

    const classType = await createClassType(db());
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: nextTorontoWeekAt(new Date(), 1, 17) });
    for (let i = 0; i < 2; i++) {
      const family = await signInNewParent(server, [['Ava', 2]]);
      expect((await family.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] })).status).toBe(201);
    }
    await server.app.emailWorker.idle();
    // A reminder made ahead of its time (due 24 hours before next week's session) is not waiting yet: not counted.
    const later = await createParent(db(), [['Leo', 2]]);
    await queueReminder(db(), await insertBooking(db(), { userId: later.id, sessionId: session.id, childNames: ['Leo'] }));

    const fresh = await health();
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ status: 'ok', backlog: 2, delivery: 'smtp' });
    expect(fresh.body.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(fresh.body.oldestUnsentAgeSeconds).toBeLessThan(120);
    // The dashboard reads the same backlog a moment later (its age may have ticked on by a second on a busy machine).
    const { mail } = (await admin.get('/api/admin/stats')).body;
    expect(mail).toEqual({ backlog: 2, oldestUnsentAgeSeconds: expect.any(Number), delayed: false });
    expect(mail.oldestUnsentAgeSeconds - fresh.body.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(mail.oldestUnsentAgeSeconds - fresh.body.oldestUnsentAgeSeconds).toBeLessThanOrEqual(5);

    // 25 minutes into the outage (the first e-mail was written then; the worker has retried it since).
    await db().execute(sql`update email_outbox set created_at = now() - interval '25 minutes'
      where id = (select id from email_outbox where template = 'booking-confirmed' order by created_at limit 1)`);
    const late = await health();
    expect(late.status).toBe(503);
    expect(late.body).toMatchObject({ status: 'delayed', backlog: 2, delivery: 'smtp' });
    expect(late.body.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(25 * 60);
    expect(late.body.oldestUnsentAgeSeconds).toBeLessThan(27 * 60);
    const stats = await admin.get('/api/admin/stats');
    expect(stats.body.mail).toMatchObject({ backlog: 2, delayed: true });
    expect(stats.body.mail.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(25 * 60);
    for (const answer of [late, stats]) {
      const text = JSON.stringify(answer.body) + JSON.stringify(Object.fromEntries(answer.headers));
      expect(text).not.toMatch(/s3cret|mailer|127\.0\.0\.1|smtp:/);
    }
    // The health check answers without a session; the numbers of the dashboard are the office's only.
    expect((await new ApiClient(server.baseUrl).get('/api/admin/stats')).status).toBe(401);

    // The mail server is back: the retries go out and the backlog is gone.
    smtp = await startSmtpSink(port);
    await db().update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.template, 'booking-confirmed'));
    expect(await server.app.emailWorker.processDue()).toBe(2);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', backlog: 0, oldestUnsentAgeSeconds: null } });
    expect((await admin.get('/api/admin/stats')).body.mail).toEqual({ backlog: 0, oldestUnsentAgeSeconds: null, delayed: false });
  });
});
