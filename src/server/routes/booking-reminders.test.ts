import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Email } from 'postal-mime';
import { beforeEach, describe, expect, it } from 'vitest';
import { torontoTime } from '../../shared/rules/week';
import { emailOutbox } from '../db/schema';
import { REMINDER_TEMPLATE } from '../mail/email-worker';
import { DEMO_ACCOUNTS } from '../db/seed';
import { createSession, signInNewParent } from '../test-support/fixtures';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';
import { WEDNESDAY_9AM } from '../test-support/clock';
import { booked } from '../test-support/bookings';

// Issue 21, the reminders through HTTP: the app's own e-mail worker makes each booking's reminder when its
// session's start − 24 h comes (migration 0015: nothing is written with the booking) and sends it then, on the
// app's clock; reschedules and the office's moves start it over, cancellations drop it.
// The clock is pinned to Wednesday 2026-11-18 09:00 in Toronto (the family's window: this week and next).
const NOW = WEDNESDAY_9AM;
const HOUR = 3_600_000;
const MINUTE = 60_000;
let now = NOW;

const {
  server,
  smtp,
  classType,
  clients: { admin },
} = withApi({ as: 'admin', smtp: true, clock: () => now, classType: 'Reminder Class', env: { BUSINESS_NAME: 'Test Athletics' } });
beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const family = (kids: Array<[string, number]> = [['Ava', 7]]) => signInNewParent(server, kids);
const newSession = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId: classType.id, startsAt, capacity });
const remindersOf = (bookingId: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.template, REMINDER_TEMPLATE)));
const reminderMailsTo = (email: string): Email[] =>
  smtp.messages.filter((m) => m.to?.some((a) => a.address === email) === true && (m.subject ?? '').startsWith('Reminder:'));
/** The app's worker, run now on its clock (after whatever run a commit started), sent how many. */
async function runWorkerAt(instant: Date): Promise<number> {
  await server.app.emailWorker.idle();
  now = instant;
  return server.app.emailWorker.processDue();
}
/** Lets the sink finish parsing what was handed to it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const dayBefore = (startsAt: Date) => new Date(startsAt.getTime() - 24 * HOUR);
/** The office saves the session at 6 PM on `day` in the Field House, with `capacity` spots. */
async function editSession(office: ApiClient, sessionId: string, day: string, capacity: number): Promise<void> {
  const res = await office.request('PUT', `/api/admin/sessions/${sessionId}`, {
    classTypeId: classType.id,
    startsAt: `${day}T18:00`,
    endsAt: `${day}T19:00`,
    capacity,
    location: 'Field House',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
/** The office, signed in at the clock's instant (an administrator's sign-in lapses after hours without use). */
async function signInOffice(): Promise<ApiClient> {
  const office = new ApiClient(server.baseUrl);
  expect((await office.login(DEMO_ACCOUNTS[1].email, DEMO_ACCOUNTS[1].password)).status).toBe(200);
  return office;
}

describe('a booking’s reminder, through HTTP', () => {
  it('a booking more than 24 hours ahead is reminded once, 24 hours before; one less than 24 hours ahead never', async () => {
    const fam = await family();
    const later = await newSession(torontoTime(2026, 11, 20, 17, 30)); // Friday 5:30 PM
    const soon = await newSession(new Date(NOW.getTime() + 20 * HOUR)); // Thursday 5:00 AM
    const laterBooking = await booked(fam, later.id, ['Ava']);
    const soonBooking = await booked(fam, soon.id, ['Ava']);
    // The booking writes no reminder (the booking rush stays one outbox row per booking).
    expect(await remindersOf(laterBooking)).toEqual([]);
    expect(await runWorkerAt(new Date(NOW.getTime() + MINUTE))).toBe(0);
    expect(await remindersOf(soonBooking)).toEqual([]);

    // A minute before its instant the worker has made it, and keeps it.
    expect(await runWorkerAt(new Date(dayBefore(later.startsAt).getTime() - MINUTE))).toBe(0);
    const [reminder, ...more] = await remindersOf(laterBooking);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ status: 'PENDING', toAddress: fam.email });
    expect(reminder!.nextAttemptAt.toISOString()).toBe(dayBefore(later.startsAt).toISOString());
    await settle();
    expect(reminderMailsTo(fam.email)).toEqual([]);

    expect(await runWorkerAt(dayBefore(later.startsAt))).toBe(1);
    const mail = await smtp.waitForMail(fam.email, 'Reminder:');
    expect(mail.subject).toBe('Reminder: Reminder Class on Fri, Nov 20 at 5:30 PM (Toronto time)');
    expect(mail.text).toContain("This is a reminder of Ava's session on Friday, November 20, 2026 at 5:30 PM (Toronto time).");
    expect(mail.text).toContain('Time: 5:30 PM - 6:30 PM (Toronto time)');
    expect(mail.text).toContain('Test Athletics');

    // Until the sessions start, nothing more: not for the booking inside 24 hours, not the same reminder again.
    expect(await runWorkerAt(new Date(soon.startsAt.getTime() - MINUTE))).toBe(0);
    expect(await runWorkerAt(new Date(later.startsAt.getTime() - MINUTE))).toBe(0);
    await settle();
    expect(reminderMailsTo(fam.email)).toHaveLength(1);
    expect(await remindersOf(soonBooking)).toEqual([]);
  });

  it('a reschedule takes it to the new session; into the last 24 hours there is none; a cancellation removes it', async () => {
    const fam = await family();
    const first = await newSession(torontoTime(2026, 11, 20, 10, 0));
    const second = await newSession(torontoTime(2026, 11, 24, 16, 0));
    const tooSoon = await newSession(new Date(NOW.getTime() + 23.5 * HOUR)); // its start − 24 h was half an hour ago
    const last = await newSession(torontoTime(2026, 11, 21, 12, 0));
    const spare = await newSession(torontoTime(2026, 11, 25, 10, 0));
    const bookingId = await booked(fam, first.id, ['Ava']);
    const movedLate = await booked(fam, spare.id, ['Ava']);

    expect((await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: second.id })).status).toBe(200);
    expect((await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: tooSoon.id })).status).toBe(200);
    expect((await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: last.id })).status).toBe(200);
    // Moved into a session whose day-before instant has passed: it gets none (as a booking made there would).
    expect((await fam.api.post(`/api/bookings/${movedLate}/reschedule`, { newSessionId: tooSoon.id })).status).toBe(200);
    expect(await runWorkerAt(new Date(NOW.getTime() + MINUTE))).toBe(0);
    expect(await remindersOf(movedLate)).toEqual([]);

    // At the first session's old time nothing goes; at the new one, the reminder names the new session.
    expect(await runWorkerAt(dayBefore(first.startsAt))).toBe(0);
    expect(await runWorkerAt(dayBefore(last.startsAt))).toBe(1);
    const mail = await smtp.waitForMail(fam.email, 'Reminder:');
    expect(mail.subject).toBe('Reminder: Reminder Class on Sat, Nov 21 at 12:00 PM (Toronto time)');
    const [sent] = await remindersOf(bookingId);
    expect(sent!.templateData).toMatchObject({ session: { id: last.id }, booking: { calendarSequence: 3 } });

    // A cancelled booking's reminder goes with it, even once made (a few minutes before its instant).
    now = NOW;
    const other = await newSession(torontoTime(2026, 11, 22, 10, 0));
    const cancelledId = await booked(fam, other.id, ['Ava']);
    expect(await runWorkerAt(new Date(dayBefore(other.startsAt).getTime() - 2 * MINUTE))).toBe(0);
    expect(await remindersOf(cancelledId)).toHaveLength(1);
    expect((await fam.api.post(`/api/bookings/${cancelledId}/cancel`)).status).toBe(200);
    expect(await remindersOf(cancelledId)).toEqual([]);
    expect(await runWorkerAt(dayBefore(other.startsAt))).toBe(0);
    await settle();
    expect(reminderMailsTo(fam.email)).toHaveLength(1);
  });

  it('the office moving a session moves its reminders; cancelling a session removes them', async () => {
    const first = await family();
    const second = await family([['Leo', 7]]);
    const session = await newSession(torontoTime(2026, 11, 20, 18, 0));
    const firstBooking = await booked(first, session.id, ['Ava']);
    const secondBooking = await booked(second, session.id, ['Leo']);

    await editSession(admin, session.id, '2026-11-28', 10);
    const newStart = torontoTime(2026, 11, 28, 18, 0);
    expect(await runWorkerAt(dayBefore(session.startsAt))).toBe(0);
    for (const bookingId of [firstBooking, secondBooking]) expect(await remindersOf(bookingId)).toEqual([]);
    expect(await runWorkerAt(dayBefore(newStart))).toBe(2);
    for (const fam of [first, second]) {
      const mail = await smtp.waitForMail(fam.email, 'Reminder:');
      expect(mail.subject).toBe('Reminder: Reminder Class on Sat, Nov 28 at 6:00 PM (Toronto time)');
      expect(mail.text).toContain('Location: Field House');
    }

    // Reminded already, then moved again a week later by the office (signed in anew: days went by on the
    // clock): the families are reminded of the new day.
    let office = await signInOffice();
    await editSession(office, session.id, '2026-12-05', 10);
    // Only the capacity changed: no second reminder of the same start.
    await editSession(office, session.id, '2026-12-05', 12);
    const lastStart = torontoTime(2026, 12, 5, 18, 0);
    expect(await runWorkerAt(dayBefore(lastStart))).toBe(2);
    office = await signInOffice();
    await editSession(office, session.id, '2026-12-05', 14);
    expect(await runWorkerAt(new Date(dayBefore(lastStart).getTime() + 2 * MINUTE))).toBe(0);
    await smtp.waitFor(() => [first, second].every((fam) => reminderMailsTo(fam.email).length === 2));
    await settle();
    for (const fam of [first, second]) {
      expect(reminderMailsTo(fam.email).map((m) => m.subject)).toEqual([
        'Reminder: Reminder Class on Sat, Nov 28 at 6:00 PM (Toronto time)',
        'Reminder: Reminder Class on Sat, Dec 5 at 6:00 PM (Toronto time)',
      ]);
    }

    now = NOW;
    const doomed = await newSession(torontoTime(2026, 11, 23, 18, 0));
    const doomedBooking = await booked(first, doomed.id, ['Ava']);
    expect(await runWorkerAt(new Date(dayBefore(doomed.startsAt).getTime() - 2 * MINUTE))).toBe(0);
    expect(await remindersOf(doomedBooking)).toHaveLength(1);
    expect((await office.post(`/api/admin/sessions/${doomed.id}/cancel`)).status).toBe(200);
    expect(await remindersOf(doomedBooking)).toEqual([]);
    expect(await runWorkerAt(dayBefore(doomed.startsAt))).toBe(0);
  });

  it('a parent who switched reminders off in the user menu gets none; switched on again, gets the next', async () => {
    const fam = await family();
    const monday = await newSession(torontoTime(2026, 11, 23, 16, 0));
    const tuesday = await newSession(torontoTime(2026, 11, 24, 16, 0));
    const mondayBooking = await booked(fam, monday.id, ['Ava']);
    await booked(fam, tuesday.id, ['Ava']);
    expect((await fam.api.request('PATCH', '/api/me/preferences', { bookingReminders: false })).body).toEqual({ bookingReminders: false });

    expect(await runWorkerAt(dayBefore(monday.startsAt))).toBe(0);
    expect(await remindersOf(mondayBooking)).toEqual([]);
    now = NOW;
    expect((await fam.api.request('PATCH', '/api/me/preferences', { bookingReminders: true })).status).toBe(200);
    expect(await runWorkerAt(dayBefore(tuesday.startsAt))).toBe(1);
    const mail = await smtp.waitForMail(fam.email, 'Reminder:');
    expect(mail.subject).toBe('Reminder: Reminder Class on Tue, Nov 24 at 4:00 PM (Toronto time)');
    await settle();
    expect(reminderMailsTo(fam.email)).toHaveLength(1);
  });
});

describe('a booking made by promotion from the waitlist', () => {
  it('gets the confirmation with its calendar file, saying it came from the waitlist, then its reminder', async () => {
    const session = await newSession(torontoTime(2026, 11, 20, 17, 0), 1);
    const holder = await family([['Holder', 7]]);
    const holderBooking = await booked(holder, session.id, ['Holder']);
    const waiting = await family([['Ava', 7], ['Leo', 7]]);
    expect((await waiting.api.post(`/api/sessions/${session.id}/waitlist`, { childNames: ['Ava'] })).status).toBe(201);
    expect((await holder.api.post(`/api/bookings/${holderBooking}/cancel`)).status).toBe(200);

    const mail = await smtp.waitForMail(waiting.email, 'Booking confirmed');
    expect(mail.subject).toBe('Booking confirmed from the waitlist: Reminder Class on Friday, November 20, 2026');
    expect(mail.text).toContain('Good news: a spot opened up, and Ava moved from the waitlist into this session. Your booking is confirmed.');
    expect(mail.text).toContain('Time: 5:00 PM - 6:00 PM (Toronto time)');
    expect(mail.text).toContain('Children: Ava');
    const ics = mail.attachments.filter((a) => a.filename?.endsWith('.ics'));
    expect(ics).toHaveLength(1);
    const text = typeof ics[0]!.content === 'string' ? ics[0]!.content : new TextDecoder().decode(ics[0]!.content as ArrayBuffer);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const [promoted] = ((await waiting.api.get('/api/me/bookings')).body as Array<{ id: string; sessionId: string }>).filter((b) => b.sessionId === session.id);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe(`${promoted!.id}@northbound-portal`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe(session.startsAt.toISOString());

    expect(await runWorkerAt(dayBefore(session.startsAt))).toBe(1);
    const reminder = await smtp.waitForMail(waiting.email, 'Reminder:');
    expect(reminder.subject).toBe('Reminder: Reminder Class on Fri, Nov 20 at 5:00 PM (Toronto time)');
    // The reminder is an ordinary one, whatever made the booking.
    expect(reminder.text).not.toContain('waitlist');
  });
});
