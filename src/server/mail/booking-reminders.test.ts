import { eq, sql } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { torontoTime } from '../../shared/rules/week';
import { bookings, classTypes, emailOutbox, sessions, users } from '../db/schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { insertBooking, queueReminder, remindersOf } from '../test-support/reminders';

import { EmailWorker } from './email-worker';
import { withApi } from '../test-support/with-api';

// Issue 21: the reminder 24 hours before each booked session, made and sent by the outbox worker on an injected
// clock. Most tests write the row as the worker makes it (test-support/reminders.ts) to test the sending; the
// first describe tests the making; the HTTP path (book, reschedule, the office's moves) is in
// routes/booking-reminders.test.ts.

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The worker's (and the app's) clock: each test sets it. */
let now = torontoTime(2026, 11, 18, 12, 0) as Date;

let classTypeId: string;
const workers: EmailWorker[] = [];

const { server, smtp } = withApi({ smtp: true, seed: false, clock: () => now, env: { BUSINESS_NAME: 'Test Athletics' } });
beforeAll(async () => {
  classTypeId = (await createClassType(server.database.db, { name: 'Reminder Class' })).id;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

const db = () => server.database.db;
const quiet = { info: () => undefined, warn: () => undefined };
/** An instance's e-mail worker on the test's clock (as another instance of the portal, or the same after a restart). */
function instance(): EmailWorker {
  const worker = new EmailWorker(
    db(),
    { smtpUrl: smtp.url, from: 'portal@example.com', outboxDir: '/nonexistent', context: server.app.emailContext },
    quiet,
    undefined,
    { clock: () => now },
  );
  workers.push(worker);
  return worker;
}

/** A parent with a confirmed booking of a new session starting at `startsAt`, and the booking's reminder queued. */
async function bookedWithReminder(startsAt: Date, options: { kids?: string[]; classTypeId?: string } = {}) {
  const kids = options.kids ?? ['Ava'];
  const parent = await createParent(db(), kids.map((name) => [name, 7]), 'reminded');
  const session = await createSession(db(), { classTypeId: options.classTypeId ?? classTypeId, startsAt, location: 'Main Gym' });
  const bookingId = await insertBooking(db(), { userId: parent.id, sessionId: session.id, childNames: kids });
  const reminderId = await queueReminder(db(), bookingId);
  return { parent, session, bookingId, reminderId, sendAt: new Date(startsAt.getTime() - 24 * HOUR) };
}

const remindersTo = (email: string): Email[] =>
  smtp.messages.filter((m) => m.to?.some((a) => a.address === email) === true && (m.subject ?? '').startsWith('Reminder:'));
/** Waits for the sink to have received what the workers handed it (the sends are awaited, the parsing is not). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const rowOf = async (id: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
const runAll = async (...instances: EmailWorker[]) => (await Promise.all(instances.map((w) => w.processDue()))).reduce((a, b) => a + b, 0);

describe('the worker makes the reminders coming due', () => {
  it('a few minutes before the instant, once across racing instances, only for bookings placed before it, at most an hour late', async () => {
    const startsAt = torontoTime(2026, 12, 1, 18, 0);
    const sendAt = new Date(startsAt.getTime() - 24 * HOUR);
    const session = await createSession(db(), { classTypeId, startsAt, capacity: 20 });
    const place = async (label: string, placedAt: Date) => {
      const parent = await createParent(db(), [['Kid', 7]], label);
      return { parent, bookingId: await insertBooking(db(), { userId: parent.id, sessionId: session.id, childNames: ['Kid'], placedAt }) };
    };
    const early = await place('early', new Date(sendAt.getTime() - 3 * 24 * HOUR));
    const justBefore = await place('justbefore', new Date(sendAt.getTime() - MINUTE));
    const after = await place('after', new Date(sendAt.getTime() + MINUTE)); // booked inside the last 24 hours
    const cancelled = await place('cancelled', new Date(sendAt.getTime() - 2 * 24 * HOUR));
    await db().update(bookings).set({ status: 'CANCELLED', cancelledAt: sendAt }).where(eq(bookings.id, cancelled.bookingId));
    const off = await place('off', new Date(sendAt.getTime() - 2 * 24 * HOUR));
    await db().update(users).set({ bookingReminders: false }).where(eq(users.id, off.parent.id));
    // Another session whose instant passed two hours ago (the portal was down): too late to remind.
    const missedSession = await createSession(db(), { classTypeId, startsAt: new Date(startsAt.getTime() - 2 * HOUR) });
    const missedParent = await createParent(db(), [['Kid', 7]], 'missed');
    const missed = await insertBooking(db(), { userId: missedParent.id, sessionId: missedSession.id, childNames: ['Kid'], placedAt: new Date(sendAt.getTime() - 2 * 24 * HOUR) });

    // Ten minutes before: not yet made.
    now = new Date(sendAt.getTime() - 10 * MINUTE);
    expect(await instance().processDue()).toBe(0);
    expect(await remindersOf(db(), early.bookingId)).toEqual([]);

    // Four minutes before: four instances make them at once; one row each for the two placed before the instant.
    now = new Date(sendAt.getTime() - 4 * MINUTE);
    expect(await runAll(instance(), instance(), instance(), instance())).toBe(0);
    for (const wanted of [early, justBefore]) {
      const rows = await remindersOf(db(), wanted.bookingId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'PENDING', toAddress: wanted.parent.email });
      expect(rows[0]!.nextAttemptAt.toISOString()).toBe(sendAt.toISOString());
    }
    for (const none of [after.bookingId, cancelled.bookingId, off.bookingId, missed]) expect(await remindersOf(db(), none)).toEqual([]);

    // On time: both go, once; the others never.
    now = sendAt;
    expect(await runAll(instance(), instance(), instance())).toBe(2);
    now = new Date(sendAt.getTime() + 30 * MINUTE);
    expect(await runAll(instance(), instance())).toBe(0);
    await smtp.waitFor(() => [early, justBefore].every((f) => remindersTo(f.parent.email).length > 0));
    await settle();
    for (const wanted of [early, justBefore]) expect(remindersTo(wanted.parent.email)).toHaveLength(1);
    for (const none of [after, cancelled, off]) expect(remindersTo(none.parent.email)).toEqual([]);
    expect(remindersTo(missedParent.email)).toEqual([]);
  });
});

describe('a booking reminder', () => {
  it('goes out at start − 24 h, not a minute before, exactly once across instances and restarts', async () => {
    const startsAt = torontoTime(2026, 11, 24, 17, 30); // Tuesday 5:30 PM in Toronto
    const { parent, reminderId, bookingId, sendAt } = await bookedWithReminder(startsAt, { kids: ['Ava', 'Leo'] });
    expect(sendAt.toISOString()).toBe('2026-11-23T22:30:00.000Z');

    // A minute early: nothing, from this instance, which then shuts down.
    now = new Date(sendAt.getTime() - MINUTE);
    const early = instance();
    expect(await early.processDue()).toBe(0);
    await early.stop();
    expect(await rowOf(reminderId)).toMatchObject({ status: 'PENDING', attempts: 0 });

    // On time: two instances (restarted) drain the outbox together; one of them sends it, once.
    now = sendAt;
    expect(await runAll(instance(), instance())).toBe(1);
    await smtp.waitForMail(parent.email, 'Reminder:');
    expect(await rowOf(reminderId)).toMatchObject({ status: 'SENT', attempts: 1, bookingId });
    expect((await rowOf(reminderId))!.sentAt!.toISOString()).toBe(sendAt.toISOString());

    // Later, yet another instance (the app restarted again) has nothing left to send; the app's own worker neither.
    now = new Date(sendAt.getTime() + HOUR);
    expect(await runAll(instance(), instance())).toBe(0);
    expect(await server.app.emailWorker.processDue()).toBe(0);
    await settle();
    const [mail, ...more] = remindersTo(parent.email);
    expect(more).toHaveLength(0);

    expect(mail!.subject).toBe('Reminder: Reminder Class on Tue, Nov 24 at 5:30 PM (Toronto time)');
    expect(mail!.text).toContain("This is a reminder of Ava and Leo's session on Tuesday, November 24, 2026 at 5:30 PM (Toronto time).");
    expect(mail!.text).toContain('Date: Tuesday, November 24, 2026');
    expect(mail!.text).toContain('Time: 5:30 PM - 6:30 PM (Toronto time)');
    expect(mail!.text).toContain('Location: Main Gym');
    expect(mail!.text).toContain('Children: Ava, Leo');
    expect(mail!.text).toContain(`Booking reference: #NB-${bookingId.slice(-8).toUpperCase()}`);
    expect(mail!.text).toContain(`Manage your bookings: ${server.app.emailContext.publicUrl}/dashboard`);
    expect(mail!.text).toContain("Don't want these reminders? Open the menu under your name in the portal and switch off booking reminders.");
    expect(mail!.html).toContain('switch off booking reminders');
    expect(mail!.attachments).toHaveLength(0);
    // The row keeps what was sent.
    expect((await rowOf(reminderId))!.subject).toBe(mail!.subject);
  });

  it('a session’s many reminders due at once are each sent exactly once by four instances racing, in batches', async () => {
    const startsAt = torontoTime(2026, 11, 30, 18, 0);
    const session = await createSession(db(), { classTypeId, startsAt, capacity: 60 });
    const families: Array<{ email: string; reminderId: string }> = [];
    for (let i = 0; i < 45; i++) {
      const parent = await createParent(db(), [['Kid', 7]], `rush${i}`);
      const bookingId = await insertBooking(db(), { userId: parent.id, sessionId: session.id, childNames: ['Kid'] });
      families.push({ email: parent.email, reminderId: await queueReminder(db(), bookingId) });
    }
    now = new Date(startsAt.getTime() - 24 * HOUR);
    const racing = [instance(), instance(), instance(), instance()];
    let sent = 0;
    // Batches of 20 each: several rounds, every instance readying and claiming at the same time.
    for (let round = 0; round < 10 && sent < families.length; round++) sent += await runAll(...racing);
    expect(sent).toBe(families.length);
    expect(await runAll(...racing)).toBe(0);
    await smtp.waitFor(() => families.every((f) => remindersTo(f.email).length > 0));
    await settle();
    for (const f of families) {
      expect(remindersTo(f.email), f.email).toHaveLength(1);
      expect(await rowOf(f.reminderId)).toMatchObject({ status: 'SENT', attempts: 1 });
    }
  });

  it('is sent by the app’s own worker on the app’s clock', async () => {
    const { parent, reminderId, sendAt } = await bookedWithReminder(torontoTime(2026, 11, 26, 9, 0));
    now = new Date(sendAt.getTime() - MINUTE);
    expect(await server.app.emailWorker.processDue()).toBe(0);
    now = new Date(sendAt.getTime() + 5 * MINUTE); // the worker runs every 15 s; a late run still sends it
    expect(await server.app.emailWorker.processDue()).toBe(1);
    await smtp.waitForMail(parent.email, 'Reminder: Reminder Class on Thu, Nov 26 at 9:00 AM');
    expect(await rowOf(reminderId)).toMatchObject({ status: 'SENT' });
  });

  it('is never sent, and is deleted, for a cancelled booking or session, a started session, or a parent who is off, deleted or deactivated', async () => {
    const startsAt = torontoTime(2026, 11, 25, 18, 0);
    const cancelledBooking = await bookedWithReminder(startsAt);
    await db().update(bookings).set({ status: 'CANCELLED', cancelledAt: now }).where(eq(bookings.id, cancelledBooking.bookingId));
    const cancelledSession = await bookedWithReminder(startsAt);
    await db().update(sessions).set({ status: 'CANCELLED', cancelledAt: now }).where(eq(sessions.id, cancelledSession.session.id));
    const switchedOff = await bookedWithReminder(startsAt);
    await db().update(users).set({ bookingReminders: false }).where(eq(users.id, switchedOff.parent.id));
    const deleted = await bookedWithReminder(startsAt);
    await db().update(users).set({ deletedAt: now }).where(eq(users.id, deleted.parent.id));
    const deactivated = await bookedWithReminder(startsAt);
    await db().update(users).set({ isActive: false }).where(eq(users.id, deactivated.parent.id));
    // Left behind by an outage: due a day ago, and its session started an hour ago.
    const started = await bookedWithReminder(new Date(startsAt.getTime() - 25 * HOUR));
    const wanted = await bookedWithReminder(startsAt);

    now = new Date(startsAt.getTime() - 24 * HOUR);
    expect(await runAll(instance(), instance())).toBe(1);
    await smtp.waitForMail(wanted.parent.email, 'Reminder:');
    await settle();
    for (const dropped of [cancelledBooking, cancelledSession, switchedOff, deleted, deactivated, started]) {
      expect(remindersTo(dropped.parent.email)).toEqual([]);
      expect(await remindersOf(db(), dropped.bookingId)).toEqual([]);
    }
    expect(await rowOf(wanted.reminderId)).toMatchObject({ status: 'SENT' });
    // The parent who switches reminders back on gets the next one, not the dropped one.
    await db().update(users).set({ bookingReminders: true }).where(eq(users.id, switchedOff.parent.id));
    expect(await instance().processDue()).toBe(0);
  });

  it('carries the booking as it is when it goes out: the office moved the session, renamed the class, the parent changed address', async () => {
    const classType = await createClassType(db(), { name: 'Before Rename' });
    const { parent, session, bookingId, reminderId, sendAt } = await bookedWithReminder(torontoTime(2026, 11, 27, 17, 0), {
      classTypeId: classType.id,
    });
    // Earlier by two hours, elsewhere: its start − 24 h has passed, so the reminder is due at once.
    const movedTo = torontoTime(2026, 11, 27, 15, 0);
    await db()
      .update(sessions)
      .set({ startsAt: movedTo, endsAt: new Date(movedTo.getTime() + HOUR), location: 'Field House' })
      .where(eq(sessions.id, session.id));
    await db().update(bookings).set({ calendarSequence: 1 }).where(eq(bookings.id, bookingId));
    await db().update(classTypes).set({ name: 'After Rename' }).where(eq(classTypes.id, classType.id));
    const newAddress = `moved-${parent.email}`;
    await db().update(users).set({ email: newAddress }).where(eq(users.id, parent.id));

    // The row is due when it was queued for (the booking functions move it when the office moves the session;
    // here it was left as it was): it goes out then, with the booking as it is now.
    now = sendAt;
    expect(await instance().processDue()).toBe(1);
    const mail = await smtp.waitForMail(newAddress, 'Reminder:');
    expect(mail.subject).toBe('Reminder: After Rename on Fri, Nov 27 at 3:00 PM (Toronto time)');
    expect(mail.text).toContain('Time: 3:00 PM - 4:00 PM (Toronto time)');
    expect(mail.text).toContain('Location: Field House');
    expect(remindersTo(parent.email)).toEqual([]);
    const row = await rowOf(reminderId);
    expect(row).toMatchObject({ status: 'SENT', toAddress: newAddress });
    expect(row!.templateData).toMatchObject({
      session: { location: 'Field House' },
      classType: { name: 'After Rename' },
      booking: { calendarSequence: 1 },
      user: { email: newAddress },
    });
  });

  it('waits for the new time when the session was moved later', async () => {
    const { parent, session, reminderId, sendAt } = await bookedWithReminder(torontoTime(2026, 11, 24, 10, 0));
    const movedTo = torontoTime(2026, 11, 25, 16, 0); // a day and six hours later
    await db()
      .update(sessions)
      .set({ startsAt: movedTo, endsAt: new Date(movedTo.getTime() + HOUR) })
      .where(eq(sessions.id, session.id));
    const newSendAt = new Date(movedTo.getTime() - 24 * HOUR);

    now = sendAt;
    expect(await instance().processDue()).toBe(0);
    const row = await rowOf(reminderId);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(row!.nextAttemptAt.toISOString()).toBe(newSendAt.toISOString());

    now = new Date(newSendAt.getTime() - MINUTE);
    expect(await instance().processDue()).toBe(0);
    now = newSendAt;
    expect(await runAll(instance(), instance())).toBe(1);
    const mail = await smtp.waitForMail(parent.email, 'Reminder:');
    expect(mail.subject).toBe('Reminder: Reminder Class on Wed, Nov 25 at 4:00 PM (Toronto time)');
    await settle();
    expect(remindersTo(parent.email)).toHaveLength(1);
  });

  it('claimed by an instance that died sending it, is sent by another once the claim runs out', async () => {
    const { parent, reminderId, sendAt } = await bookedWithReminder(torontoTime(2026, 11, 29, 11, 0));
    // As the dying instance left it: claimed (SENDING) at sendAt, for a few seconds of the database's clock (the
    // claims are about instances, not business time: email-worker-claims.test.ts).
    await db()
      .update(emailOutbox)
      .set({ status: 'SENDING', attempts: 1, claimedBy: 'instance-that-died', claimedUntil: sql`clock_timestamp() + interval '2 seconds'` })
      .where(eq(emailOutbox.id, reminderId));
    now = new Date(sendAt.getTime() + MINUTE);
    expect(await runAll(instance(), instance())).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await runAll(instance(), instance())).toBe(1);
    await smtp.waitForMail(parent.email, 'Reminder:');
    expect(await rowOf(reminderId)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('a failed send is retried after a pause timed by the clock, and still only once', async () => {
    const { parent, reminderId, sendAt } = await bookedWithReminder(torontoTime(2026, 11, 28, 10, 0));
    const broken = new EmailWorker(
      db(),
      { smtpUrl: 'smtp://127.0.0.1:1', from: 'portal@example.com', outboxDir: '/nonexistent', context: server.app.emailContext },
      quiet,
      undefined,
      { clock: () => now },
    );
    workers.push(broken);
    now = sendAt;
    expect(await broken.processDue()).toBe(0);
    const failed = await rowOf(reminderId);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(failed!.nextAttemptAt.toISOString()).toBe(new Date(sendAt.getTime() + MINUTE).toISOString());
    expect(await instance().processDue()).toBe(0); // not yet
    now = new Date(sendAt.getTime() + MINUTE);
    expect(await runAll(instance(), instance())).toBe(1);
    await smtp.waitForMail(parent.email, 'Reminder:');
    expect(await rowOf(reminderId)).toMatchObject({ status: 'SENT', attempts: 2 });
  });
});

describe('the days of the DST changes (the process in UTC, the clock injected)', () => {
  let zone: string | undefined;
  beforeAll(() => {
    zone = process.env.TZ;
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Each session's start instant (written in UTC), the Toronto wall-clock date and time the e-mail must state,
  // and the instant 24 real hours before (a naive "same wall-clock time the day before" is an hour off on the
  // first day of each change).
  const cases: Array<{ name: string; startsAt: string; sendAt: string; date: string; shortDate: string; time: string }> = [
    // Spring forward: Sunday 2026-03-08, 2:00 EST -> 3:00 EDT.
    { name: 'Sunday 2026-03-08 9:00 EDT', startsAt: '2026-03-08T13:00:00Z', sendAt: '2026-03-07T13:00:00Z', date: 'Sunday, March 8, 2026', shortDate: 'Sun, Mar 8', time: '9:00 AM' },
    { name: 'Sunday 2026-03-08 3:30 EDT, just after the jump', startsAt: '2026-03-08T07:30:00Z', sendAt: '2026-03-07T07:30:00Z', date: 'Sunday, March 8, 2026', shortDate: 'Sun, Mar 8', time: '3:30 AM' },
    { name: 'Monday 2026-03-09 9:00 EDT', startsAt: '2026-03-09T13:00:00Z', sendAt: '2026-03-08T13:00:00Z', date: 'Monday, March 9, 2026', shortDate: 'Mon, Mar 9', time: '9:00 AM' },
    // Fall back: Sunday 2026-11-01, 2:00 EDT -> 1:00 EST.
    { name: 'Sunday 2026-11-01 9:00 EST', startsAt: '2026-11-01T14:00:00Z', sendAt: '2026-10-31T14:00:00Z', date: 'Sunday, November 1, 2026', shortDate: 'Sun, Nov 1', time: '9:00 AM' },
    { name: 'Sunday 2026-11-01 1:30 EST, the second 1:30', startsAt: '2026-11-01T06:30:00Z', sendAt: '2026-10-31T06:30:00Z', date: 'Sunday, November 1, 2026', shortDate: 'Sun, Nov 1', time: '1:30 AM' },
    { name: 'Monday 2026-11-02 9:00 EST', startsAt: '2026-11-02T14:00:00Z', sendAt: '2026-11-01T14:00:00Z', date: 'Monday, November 2, 2026', shortDate: 'Mon, Nov 2', time: '9:00 AM' },
  ];

  it('the process really is in UTC', () => {
    expect(new Date('2026-07-01T12:00:00Z').getHours()).toBe(12);
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(0);
  });

  it.each(cases)('$name: sent exactly 24 hours before, stating the Toronto time', async ({ startsAt, sendAt, date, shortDate, time }) => {
    const start = new Date(startsAt);
    expect(start.getTime() - new Date(sendAt).getTime()).toBe(24 * HOUR);
    const { parent, reminderId } = await bookedWithReminder(start);
    expect((await rowOf(reminderId))!.nextAttemptAt.toISOString()).toBe(new Date(sendAt).toISOString());

    now = new Date(new Date(sendAt).getTime() - MINUTE);
    expect(await runAll(instance(), instance())).toBe(0);
    now = new Date(sendAt);
    expect(await runAll(instance(), instance())).toBe(1);
    const mail = await smtp.waitForMail(parent.email, 'Reminder:');
    expect(mail.subject).toBe(`Reminder: Reminder Class on ${shortDate} at ${time} (Toronto time)`);
    expect(mail.text).toContain(`Date: ${date}`);
    expect(mail.text).toContain(`Time: ${time} - `);
    expect(mail.text).toContain(`session on ${date} at ${time} (Toronto time).`);
    expect((await rowOf(reminderId))!.sentAt!.toISOString()).toBe(new Date(sendAt).toISOString());
    now = new Date(start.getTime() - MINUTE);
    expect(await instance().processDue()).toBe(0);
    await settle();
    expect(remindersTo(parent.email)).toHaveLength(1);
  });
});
