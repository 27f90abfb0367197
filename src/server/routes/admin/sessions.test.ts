import { and, asc, eq, inArray, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Email } from 'postal-mime';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../../shared/rules/format';
import { inToronto, torontoTime } from '../../../shared/rules/week';
import { bookingChildren, bookings, emailOutbox, sessions } from '../../db/schema';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { at, NOW } from '../../test-support/clock';
import { booked } from '../../test-support/bookings';

// The admin sessions API through real HTTP, with the server's clock pinned to Wednesday 2026-11-18 12:00
// Toronto (the parents' booking window is Monday Nov 16 to Sunday Nov 29) and a real SMTP sink.

let now = NOW;
const {
  server,
  smtp,
  clients: { admin },
} = withApi({ as: 'admin', smtp: true, clock: () => now, env: { BUSINESS_NAME: 'Test Athletics' } });

beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const put = (path: string, body: unknown) => admin.request('PUT', path, body);
const del = (path: string) => admin.request('DELETE', path);
const newClassType = (name = 'Admin Test Class') => createClassType(db(), { name });
const sessionsOf = (classTypeId: string) =>
  db().select().from(sessions).where(eq(sessions.classTypeId, classTypeId)).orderBy(asc(sessions.startsAt));
const sessionRow = async (id: string) => (await db().select().from(sessions).where(eq(sessions.id, id)))[0];

const signedInParent = (kids: Array<[string, number]>) => signInNewParent(server, kids);

interface CalendarFile {
  method: unknown;
  uid: unknown;
  sequence: unknown;
  status: unknown;
  start: string;
  end: string;
  location: unknown;
}
function calendarFiles(mail: Email): CalendarFile[] {
  return mail.attachments
    .filter((a) => a.filename?.endsWith('.ics'))
    .map((a) => {
      const text = typeof a.content === 'string' ? a.content : new TextDecoder().decode(a.content as ArrayBuffer);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const vevent = calendar.getFirstSubcomponent('vevent')!;
      const event = new ICAL.Event(vevent);
      return {
        method: calendar.getFirstPropertyValue('method'),
        uid: vevent.getFirstPropertyValue('uid'),
        sequence: vevent.getFirstPropertyValue('sequence'),
        status: vevent.getFirstPropertyValue('status'),
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        location: vevent.getFirstPropertyValue('location'),
      };
    });
}
const mailsTo = (email: string, subjectStart: string) =>
  smtp.messages.filter((m) => m.to?.some((a) => a.address === email) && (m.subject ?? '').startsWith(subjectStart));
const queuedTo = (emails: string[], subjectStart: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.toAddress, emails), like(emailOutbox.subject, `${subjectStart}%`)));

describe('guard', () => {
  it('every admin sessions route is 401 without a session and 403 for a parent', async () => {
    const parent = await signedInParent([['Ava', 2]]);
    const anonymous = new ApiClient(server.baseUrl);
    const id = crypto.randomUUID();
    const calls: Array<[string, string]> = [
      ['POST', '/api/admin/sessions'],
      ['POST', '/api/admin/sessions/bulk'],
      ['POST', '/api/admin/sessions/bulk-delete'],
      ['PUT', `/api/admin/sessions/${id}`],
      ['DELETE', `/api/admin/sessions/${id}`],
      ['POST', `/api/admin/sessions/${id}/cancel`],
    ];
    for (const [method, path] of calls) {
      expect((await anonymous.request(method, path, {})).status, `${method} ${path}`).toBe(401);
      expect((await parent.api.request(method, path, {})).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('POST /api/admin/sessions', () => {
  it('creates a session with capacity 50 and Main Gym by default; a wall-clock time is Toronto time', async () => {
    const classType = await newClassType('Created Class');
    const res = await admin.post('/api/admin/sessions', {
      classTypeId: classType.id,
      startsAt: '2026-12-01T18:00',
      endsAt: '2026-12-01T19:30',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      startsAt: '2026-12-01T23:00:00.000Z',
      endsAt: '2026-12-02T00:30:00.000Z',
      capacity: 50,
      location: 'Main Gym',
      bookedCount: 0,
      availableSpots: 50,
      waitlistCount: 0,
      status: 'SCHEDULED',
      classType: expect.objectContaining({ id: classType.id, name: 'Created Class' }),
    });
    const row = await sessionRow(res.body.id);
    expect(row).toMatchObject({ capacity: 50, location: 'Main Gym', status: 'SCHEDULED' });
    expect(row!.startsAt.toISOString()).toBe('2026-12-01T23:00:00.000Z');

    const custom = await admin.post('/api/admin/sessions', {
      classTypeId: classType.id,
      startsAt: '2026-12-02T09:00:00-05:00',
      endsAt: '2026-12-02T10:00:00-05:00',
      capacity: 12,
      location: '  Field House ',
    });
    expect(custom.status).toBe(201);
    expect(custom.body).toMatchObject({ startsAt: '2026-12-02T14:00:00.000Z', capacity: 12, location: 'Field House', availableSpots: 12 });
  });

  it('answers each invalid field with its message and creates nothing', async () => {
    const classType = await newClassType();
    const valid = { classTypeId: classType.id, startsAt: '2026-12-01T18:00', endsAt: '2026-12-01T19:00', capacity: 20, location: 'Court 2' };
    const without = (field: keyof typeof valid) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
    const cases: Array<[unknown, string]> = [
      [without('classTypeId'), 'classTypeId: Class type is required'],
      [{ ...valid, classTypeId: '' }, 'classTypeId: Class type is required'],
      [without('startsAt'), 'startsAt: Start date and time is required'],
      [{ ...valid, startsAt: '' }, 'startsAt: Start date and time is required'],
      [without('endsAt'), 'endsAt: End date and time is required'],
      [{ ...valid, capacity: 0 }, 'capacity: Capacity must be at least 1'],
      [{ ...valid, capacity: 101 }, 'capacity: Capacity cannot exceed 100'],
      [{ ...valid, location: '' }, 'location: Location is required'],
      [{ ...valid, location: '   ' }, 'location: Location is required'],
      [{ ...valid, endsAt: '2026-12-01T17:00' }, 'endsAt: End time must be after the start time'],
      [{ ...valid, endsAt: '2026-12-01T18:00' }, 'endsAt: End time must be after the start time'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/sessions', body);
      expect({ status: res.status, message: res.body.message }, JSON.stringify(body)).toEqual({ status: 400, message });
    }
    expect(await sessionsOf(classType.id)).toEqual([]);
  });

  it('refuses a class type that does not exist and a start in the past', async () => {
    const classType = await newClassType();
    const form = { startsAt: '2026-12-01T18:00', endsAt: '2026-12-01T19:00' };
    for (const classTypeId of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await admin.post('/api/admin/sessions', { ...form, classTypeId });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Class type does not exist' });
    }
    // Now is 12:00 on 2026-11-18 in Toronto: 11:59 that day is in the past, 12:00 is not.
    const past = await admin.post('/api/admin/sessions', { classTypeId: classType.id, startsAt: '2026-11-18T11:59', endsAt: '2026-11-18T13:00' });
    expect({ status: past.status, message: past.body.message }).toEqual({ status: 400, message: 'A new session cannot start in the past' });
    expect(await sessionsOf(classType.id)).toEqual([]);
    const rightNow = await admin.post('/api/admin/sessions', { classTypeId: classType.id, startsAt: '2026-11-18T12:00', endsAt: '2026-11-18T13:00' });
    expect(rightNow.status).toBe(201);
  });
});

describe('POST /api/admin/sessions: a session identical to an existing one', () => {
  const slot = { startsAt: '2026-12-03T18:00', endsAt: '2026-12-03T19:00', capacity: 20, location: 'Court 2' };

  it('is refused (409, naming it and the existing session) until the office confirms it; then both exist', async () => {
    const classType = await newClassType('Duplicate Class');
    const first = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot });
    expect(first.status).toBe(201);

    // The same class, start and place; the end, the capacity and the location's case do not make it another session.
    const again = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot, endsAt: '2026-12-03T19:30', capacity: 8, location: 'court 2' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'A session of Duplicate Class at 6:00 PM on Thu, Dec 3 in Court 2 already exists',
      code: 'DUPLICATE_SESSION',
      duplicateOf: first.body.id,
    });
    expect(await sessionsOf(classType.id)).toHaveLength(1);

    const notConfirmed = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot, confirmDuplicate: false });
    expect(notConfirmed.status).toBe(409);

    const confirmed = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot, confirmDuplicate: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).not.toHaveProperty('confirmDuplicate');
    expect(confirmed.body.id).not.toBe(first.body.id);
    expect((await sessionsOf(classType.id)).map((row) => row.id).sort()).toEqual([first.body.id, confirmed.body.id].sort());
  });

  it('is not asked about for another class, another start, another place, or when the other session is cancelled', async () => {
    const classType = await newClassType('Duplicate Class');
    const other = await newClassType('Other Duplicate Class');
    const existing = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot });
    expect(existing.status).toBe(201);
    const variants = [
      { classTypeId: other.id, ...slot },
      { classTypeId: classType.id, ...slot, startsAt: '2026-12-03T18:15' },
      { classTypeId: classType.id, ...slot, location: 'Court 3' },
    ];
    for (const body of variants) {
      const res = await admin.post('/api/admin/sessions', body);
      expect(res.status, JSON.stringify(body)).toBe(201);
    }

    const cancelled = await admin.post(`/api/admin/sessions/${existing.body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const replacement = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot });
    expect(replacement.status).toBe(201);
  });

  it('refuses a confirmation that is not a JSON boolean', async () => {
    const classType = await newClassType();
    const res = await admin.post('/api/admin/sessions', { classTypeId: classType.id, ...slot, confirmDuplicate: 'yes' });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 400,
      message: 'confirmDuplicate: confirmDuplicate must be true or false',
    });
    expect(await sessionsOf(classType.id)).toEqual([]);
  });
});

describe('PUT /api/admin/sessions/:id', () => {
  it('edits a session, and answers 404 for an unknown or malformed id', async () => {
    const classType = await newClassType();
    const other = await newClassType('Other Class');
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 9), capacity: 10 });
    const res = await put(`/api/admin/sessions/${session.id}`, {
      classTypeId: other.id,
      startsAt: '2026-11-25T10:00',
      endsAt: '2026-11-25T11:15',
      capacity: 30,
      location: 'Court 2',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: session.id,
      startsAt: '2026-11-25T15:00:00.000Z',
      endsAt: '2026-11-25T16:15:00.000Z',
      capacity: 30,
      location: 'Court 2',
      classType: { id: other.id },
    });
    expect(await sessionRow(session.id)).toMatchObject({ capacity: 30, location: 'Court 2', classTypeId: other.id });

    const form = { classTypeId: classType.id, startsAt: '2026-11-25T10:00', endsAt: '2026-11-25T11:00' };
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const missing = await put(`/api/admin/sessions/${id}`, form);
      expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 404, message: 'Session not found' });
    }
    const badClass = await put(`/api/admin/sessions/${session.id}`, { ...form, classTypeId: crypto.randomUUID() });
    expect({ status: badClass.status, message: badClass.body.message }).toEqual({ status: 400, message: 'Class type does not exist' });
  });

  it('refuses a capacity below the spots already booked, naming both numbers', async () => {
    const classType = await newClassType();
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 16), capacity: 10 });
    const family = await signedInParent([['Ava', 3], ['Leo', 3], ['Mia', 3]]);
    await booked(family.api, session.id, ['Ava', 'Leo', 'Mia']);
    const form = { classTypeId: classType.id, startsAt: session.startsAt.toISOString(), endsAt: session.endsAt.toISOString() };
    const tooSmall = await put(`/api/admin/sessions/${session.id}`, { ...form, capacity: 2 });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body.message).toBe('Capacity cannot be lower than the 3 spots already booked (asked for 2)');
    expect((await sessionRow(session.id))!.capacity).toBe(10);

    const exact = await put(`/api/admin/sessions/${session.id}`, { ...form, capacity: 3 });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ capacity: 3, bookedCount: 3, availableSpots: 0 });
    // Only capacity changed: the event in the families' calendars is the same, so nobody is e-mailed.
    expect(await queuedTo([family.email], 'Session changed')).toEqual([]);
  });

  it('refuses to move the start into the past', async () => {
    const classType = await newClassType();
    const future = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 11), capacity: 10 });
    const moved = await put(`/api/admin/sessions/${future.id}`, { classTypeId: classType.id, startsAt: '2026-11-18T11:00', endsAt: '2026-11-18T12:30' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('A session cannot be moved to a time in the past');
    expect((await sessionRow(future.id))!.startsAt.toISOString()).toBe(future.startsAt.toISOString());
  });

  // Issue 29, item 4: last week's sessions are history; as a cancel is, an edit is refused once the session starts.
  it('refuses any edit of a session that has started (place, times, capacity), changing nothing and emailing nobody', async () => {
    const classType = await newClassType('Started Class');
    now = at(-5, 12); // last Wednesday, noon
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(-5, 17), capacity: 10 }); // last Wednesday 17:00
    const family = await signedInParent([['Ava', 3]]);
    const bookingId = await booked(family.api, session.id, ['Ava']);
    const before = await sessionRow(session.id);
    const same = { classTypeId: classType.id, startsAt: session.startsAt.toISOString(), endsAt: session.endsAt.toISOString(), capacity: 10, location: 'Main Gym' };
    const STARTED = { status: 409, message: 'This session has already started; it cannot be edited' };

    for (const moment of [session.startsAt, NOW]) {
      now = moment; // at its start, and a week later
      for (const form of [
        { ...same, location: 'Field House' },
        { ...same, startsAt: '2026-11-25T18:00', endsAt: '2026-11-25T19:00' },
        { ...same, endsAt: new Date(session.endsAt.getTime() + 30 * 60_000).toISOString() },
        { ...same, capacity: 20 },
        same,
      ]) {
        const res = await put(`/api/admin/sessions/${session.id}`, form);
        expect({ status: res.status, message: res.body.message }, JSON.stringify(form)).toEqual(STARTED);
      }
    }
    expect(await sessionRow(session.id)).toEqual(before);
    expect((await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0]).toMatchObject({ calendarSequence: 0, status: 'CONFIRMED' });
    expect(await queuedTo([family.email], 'Session changed')).toEqual([]);
    // A minute before the start it is still the office's to change.
    now = new Date(session.startsAt.getTime() - 60_000);
    expect((await put(`/api/admin/sessions/${session.id}`, { ...same, location: 'Field House' })).body).toMatchObject({ location: 'Field House' });
  });

  it('emails each booked family the old and new time and place, with the same calendar UID at SEQUENCE 1', async () => {
    const classType = await newClassType('Moving Class');
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 17), capacity: 10 }); // Tue Nov 24 17:00
    const first = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const second = await signedInParent([['Zoe', 3]]);
    const firstBooking = await booked(first.api, session.id, ['Ava', 'Leo']);
    const secondBooking = await booked(second.api, session.id, ['Zoe']);
    const otherSession = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 19), capacity: 10 });
    const bystander = await signedInParent([['Kim', 3]]);
    await booked(bystander.api, otherSession.id, ['Kim']);
    await server.app.emailWorker.idle();

    const res = await put(`/api/admin/sessions/${session.id}`, {
      classTypeId: classType.id,
      startsAt: '2026-11-25T18:00',
      endsAt: '2026-11-25T19:30',
      capacity: 10,
      location: 'Field House',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startsAt: '2026-11-25T23:00:00.000Z', location: 'Field House', bookedCount: 3 });

    for (const [family, bookingId, children] of [
      [first, firstBooking, 'Ava, Leo'],
      [second, secondBooking, 'Zoe'],
    ] as const) {
      const mail = await smtp.waitForMail(family.email, 'Session changed: ');
      expect(mail.subject).toBe('Session changed: Moving Class on Wednesday, November 25, 2026');
      expect(mail.text).toContain('Tuesday, November 24, 2026, 5:00 PM - 6:00 PM (Toronto time) at Main Gym');
      expect(mail.text).toContain('Wednesday, November 25, 2026, 6:00 PM - 7:30 PM (Toronto time) at Field House');
      expect(mail.text).toContain(`Children: ${children}`);
      const files = calendarFiles(mail);
      expect(files).toEqual([
        {
          method: 'PUBLISH',
          uid: `${bookingId}@northbound-portal`,
          sequence: 1,
          status: 'CONFIRMED',
          start: '2026-11-25T23:00:00.000Z',
          end: '2026-11-26T00:30:00.000Z',
          location: 'Field House',
        },
      ]);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
      expect(row).toMatchObject({ calendarSequence: 1, status: 'CONFIRMED', sessionId: session.id });
    }
    await server.app.emailWorker.idle();
    expect(mailsTo(first.email, 'Session changed')).toHaveLength(1);
    expect(mailsTo(second.email, 'Session changed')).toHaveLength(1);
    // A family booked only in another session hears nothing, and its event keeps its sequence.
    expect(await queuedTo([bystander.email], 'Session changed')).toEqual([]);

    // A second move raises the sequence again.
    const again = await put(`/api/admin/sessions/${session.id}`, {
      classTypeId: classType.id,
      startsAt: '2026-11-25T18:00',
      endsAt: '2026-11-25T19:30',
      capacity: 10,
      location: 'Main Gym',
    });
    expect(again.status).toBe(200);
    const moved = await smtp.waitFor(
      (m) => m.to?.some((a) => a.address === second.email) === true && m.subject!.startsWith('Session changed') && calendarFiles(m)[0]?.sequence === 2,
    );
    expect(moved.text).toContain('6:00 PM - 7:30 PM (Toronto time) at Field House');
    expect(calendarFiles(moved)[0]).toMatchObject({ uid: `${secondBooking}@northbound-portal`, location: 'Main Gym' });
  });
});

describe('DELETE /api/admin/sessions/:id', () => {
  it('refuses while the session holds confirmed bookings, giving how many, then deletes it with its cancelled bookings', async () => {
    const classType = await newClassType();
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 16), capacity: 10 });
    const family = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const other = await signedInParent([['Zoe', 3]]);
    const ava = await booked(family.api, session.id, ['Ava']);
    await booked(family.api, session.id, ['Leo']);
    const zoe = await booked(other.api, session.id, ['Zoe']);

    const refused = await del(`/api/admin/sessions/${session.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This session has 3 confirmed bookings. Cancel the session instead to notify the families.');

    expect((await family.api.post(`/api/bookings/${ava}/cancel`)).status).toBe(200);
    expect((await other.api.post(`/api/bookings/${zoe}/cancel`)).status).toBe(200);
    const stillOne = await del(`/api/admin/sessions/${session.id}`);
    expect(stillOne.body.message).toBe('This session has 1 confirmed booking. Cancel the session instead to notify the families.');
    expect(await sessionRow(session.id)).toBeDefined();

    const bookingIds = (await db().select().from(bookings).where(eq(bookings.sessionId, session.id))).map((b) => b.id);
    await db().update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.sessionId, session.id));
    const deleted = await del(`/api/admin/sessions/${session.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Session deleted' });
    expect(await sessionRow(session.id)).toBeUndefined();
    expect(await db().select().from(bookings).where(inArray(bookings.id, bookingIds))).toEqual([]);
    expect(await db().select().from(bookingChildren).where(inArray(bookingChildren.bookingId, bookingIds))).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'nope']) {
      const res = await del(`/api/admin/sessions/${id}`);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Session not found' });
    }
  });
});

describe('POST /api/admin/sessions/:id/cancel', () => {
  it('cancels the session and its bookings, frees the spots, hides it from parents and emails each family once', async () => {
    const classType = await newClassType('Cancelled Class');
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 18), capacity: 10 }); // Tue Nov 24 18:00
    const family = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const other = await signedInParent([['Zoe', 3]]);
    const ava = await booked(family.api, session.id, ['Ava']);
    const leo = await booked(family.api, session.id, ['Leo']);
    const zoe = await booked(other.api, session.id, ['Zoe']);
    expect((await sessionRow(session.id))!.bookedCount).toBe(3);
    const week = '2026-11-23';
    expect((await family.api.get(`/api/me/child-stats?week=${week}`)).body.children[0]).toMatchObject({ name: 'Ava', used: 1 });

    // The confirmations are out: only the cancel route's own kick can send what it queues.
    await server.app.emailWorker.idle();
    const res = await admin.post(`/api/admin/sessions/${session.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      session: expect.objectContaining({ id: session.id, status: 'CANCELLED', bookedCount: 0, availableSpots: 0, capacity: 10 }),
      cancelledBookings: 3,
      notifiedFamilies: 2,
    });
    const row = await sessionRow(session.id);
    expect(row).toMatchObject({ status: 'CANCELLED', bookedCount: 0 });
    expect(row!.cancelledAt!.toISOString()).toBe(NOW.toISOString());
    const rows = await db().select().from(bookings).where(eq(bookings.sessionId, session.id));
    expect(rows.map((b) => [b.status, b.calendarSequence])).toEqual([
      ['CANCELLED', 1],
      ['CANCELLED', 1],
      ['CANCELLED', 1],
    ]);

    // Parents: the bookings show as cancelled, the weekly count is free again, the session is gone from the calendar.
    const mine = await family.api.get('/api/me/bookings');
    expect(mine.body.filter((b: { sessionId: string }) => b.sessionId === session.id).map((b: { status: string }) => b.status)).toEqual([
      'CANCELLED',
      'CANCELLED',
    ]);
    expect((await family.api.get(`/api/me/child-stats?week=${week}`)).body.children[0]).toMatchObject({ name: 'Ava', used: 0 });
    const range = `from=${at(8, 0).toISOString()}&to=${at(8, 23, 59).toISOString()}&limit=1000&classTypeId=${classType.id}`;
    expect((await family.api.get(`/api/sessions?${range}`)).body.sessions).toEqual([]);
    const adminList = await admin.get(`/api/sessions?${range}`);
    expect(adminList.body.sessions.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([[session.id, 'CANCELLED']]);
    const late = await signedInParent([['Kai', 3]]);
    const refused = await late.api.post('/api/bookings', { sessionId: session.id, childNames: ['Kai'] });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: 'This session has been cancelled' });

    // One e-mail per family: the family with two bookings gets one message with both children and two cancelling files.
    const familyMail = await smtp.waitForMail(family.email, 'Session cancelled: ');
    const otherMail = await smtp.waitForMail(other.email, 'Session cancelled: ');
    expect(familyMail.subject).toBe('Session cancelled: Cancelled Class on Tuesday, November 24, 2026');
    expect(familyMail.text).toContain('The office has cancelled this session');
    expect(familyMail.text).toContain('the spots are released');
    expect(familyMail.text).toContain('Children: Ava, Leo');
    expect(otherMail.text).toContain('Children: Zoe');
    const cancelFile = (bookingId: string) => ({
      method: 'CANCEL',
      uid: `${bookingId}@northbound-portal`,
      sequence: 1,
      status: 'CANCELLED',
      start: session.startsAt.toISOString(),
      end: session.endsAt.toISOString(),
      location: 'Main Gym',
    });
    expect(calendarFiles(familyMail).sort((a, b) => String(a.uid).localeCompare(String(b.uid)))).toEqual(
      [ava, leo].sort().map(cancelFile),
    );
    expect(calendarFiles(otherMail)).toEqual([cancelFile(zoe)]);
    await server.app.emailWorker.idle();
    expect(mailsTo(family.email, 'Session cancelled')).toHaveLength(1);
    expect(mailsTo(other.email, 'Session cancelled')).toHaveLength(1);
    expect(await queuedTo([family.email, other.email], 'Session cancelled')).toHaveLength(2);

    const twice = await admin.post(`/api/admin/sessions/${session.id}/cancel`);
    expect({ status: twice.status, message: twice.body.message }).toEqual({ status: 409, message: 'This session is already cancelled' });
    const edit = await put(`/api/admin/sessions/${session.id}`, {
      classTypeId: classType.id,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
    });
    expect({ status: edit.status, message: edit.body.message }).toEqual({ status: 409, message: 'A cancelled session cannot be edited' });
    // With no confirmed bookings left, a cancelled session can be deleted (its cancelled bookings with it).
    expect((await del(`/api/admin/sessions/${session.id}`)).status).toBe(200);
  });

  it('cancels an empty session without email, and refuses a started or unknown one', async () => {
    const classType = await newClassType();
    const empty = await createSession(db(), { classTypeId: classType.id, startsAt: at(10, 9), capacity: 10 });
    const res = await admin.post(`/api/admin/sessions/${empty.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cancelledBookings: 0, notifiedFamilies: 0, session: { status: 'CANCELLED' } });

    const started = await createSession(db(), { classTypeId: classType.id, startsAt: at(2, 11, 30), capacity: 10 }); // today 11:30
    const refused = await admin.post(`/api/admin/sessions/${started.id}/cancel`);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: 'This session has already started' });
    expect((await sessionRow(started.id))!.status).toBe('SCHEDULED');
    for (const id of [crypto.randomUUID(), 'nope']) {
      expect((await admin.post(`/api/admin/sessions/${id}/cancel`)).status).toBe(404);
    }
  });
});

describe('POST /api/admin/sessions/bulk', () => {
  const form = (classTypeId: string, overrides: Record<string, unknown>) => ({
    classTypeId,
    startDate: '2026-12-01',
    endDate: '2026-12-10',
    startTime: '18:00',
    endTime: '19:00',
    pattern: 'daily',
    ...overrides,
  });

  it('creates every day of a daily series with the defaults', async () => {
    const classType = await newClassType();
    const res = await admin.post('/api/admin/sessions/bulk', form(classType.id, {}));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 10, skippedClosedDays: 0 });
    const created = await sessionsOf(classType.id);
    expect(created).toHaveLength(10);
    expect(created[0]!.startsAt.toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(created[9]!.startsAt.toISOString()).toBe('2026-12-10T23:00:00.000Z');
    expect(created.every((s) => s.capacity === 50 && s.location === 'Main Gym' && s.status === 'SCHEDULED')).toBe(true);
  });

  it('creates the chosen weekdays of a weekly series', async () => {
    const classType = await newClassType();
    // Tue 2026-12-01 to Mon 2026-12-14; Mondays, Wednesdays and Fridays.
    const res = await admin.post('/api/admin/sessions/bulk', form(classType.id, { pattern: 'weekly', endDate: '2026-12-14', daysOfWeek: [1, 3, 5], capacity: 8, location: 'Court 2' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 6, skippedClosedDays: 0 });
    const created = await sessionsOf(classType.id);
    expect(created.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-12-02T23:00:00.000Z',
      '2026-12-04T23:00:00.000Z',
      '2026-12-07T23:00:00.000Z',
      '2026-12-09T23:00:00.000Z',
      '2026-12-11T23:00:00.000Z',
      '2026-12-14T23:00:00.000Z',
    ]);
    expect(created.every((s) => s.capacity === 8 && s.location === 'Court 2')).toBe(true);
  });

  it('creates the chosen dates of a specific-days series, each once', async () => {
    const classType = await newClassType();
    const res = await admin.post(
      '/api/admin/sessions/bulk',
      form(classType.id, { pattern: 'specific-days', specificDates: ['2026-12-08', '2026-12-03', '2026-12-08'] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 2, skippedClosedDays: 0 });
    expect((await sessionsOf(classType.id)).map((s) => s.startsAt.toISOString())).toEqual(['2026-12-03T23:00:00.000Z', '2026-12-08T23:00:00.000Z']);
  });

  it('keeps 18:00 Toronto for a weekly series across the fall-back change (2026-11-01)', async () => {
    now = new Date(torontoTime(2026, 10, 20, 12, 0).getTime());
    const classType = await newClassType();
    // Sundays and Mondays from Sun 2026-10-25 to Mon 2026-11-09.
    const res = await admin.post(
      '/api/admin/sessions/bulk',
      form(classType.id, { pattern: 'weekly', startDate: '2026-10-25', endDate: '2026-11-09', daysOfWeek: [0, 1], endTime: '19:30' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 6, skippedClosedDays: 0 });
    const created = await sessionsOf(classType.id);
    expect(created.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([
      ['2026-10-25T22:00:00.000Z', '2026-10-25T23:30:00.000Z'], // EDT
      ['2026-10-26T22:00:00.000Z', '2026-10-26T23:30:00.000Z'],
      ['2026-11-01T23:00:00.000Z', '2026-11-02T00:30:00.000Z'], // EST from the change day on
      ['2026-11-02T23:00:00.000Z', '2026-11-03T00:30:00.000Z'],
      ['2026-11-08T23:00:00.000Z', '2026-11-09T00:30:00.000Z'],
      ['2026-11-09T23:00:00.000Z', '2026-11-10T00:30:00.000Z'],
    ]);
    expect(created.map((s) => formatTime(s.startsAt))).toEqual(Array(6).fill('6:00 PM'));
    expect(created.map((s) => inToronto(s.startsAt).getDay())).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('refuses more than 1000 sessions, naming the count, and creates nothing; exactly 1000 is fine', async () => {
    const classType = await newClassType();
    const tooMany = await admin.post('/api/admin/sessions/bulk', form(classType.id, { endDate: '2029-11-30' }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('This would create 1096 sessions; at most 1000 can be created at once');
    expect(await sessionsOf(classType.id)).toEqual([]);

    const thousand = await admin.post('/api/admin/sessions/bulk', form(classType.id, { endDate: '2029-08-26' }));
    expect(thousand.status).toBe(201);
    expect(thousand.body).toMatchObject({ count: 1000, skippedClosedDays: 0 });
    expect(await sessionsOf(classType.id)).toHaveLength(1000);
  });

  it('refuses end before start, an empty pattern, the past, a missing class type and a vanished hour, creating nothing', async () => {
    const classType = await newClassType();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endDate: '2026-11-30' }, 'endDate: End date cannot be before the start date'],
      [{ endTime: '17:00' }, 'endTime: End time must be after the start time'],
      [{ endTime: '18:00' }, 'endTime: End time must be after the start time'],
      [{ pattern: 'weekly', daysOfWeek: [] }, 'daysOfWeek: Choose at least one day of the week'],
      [{ classTypeId: '' }, 'classTypeId: Class type is required'],
      // Tue 2026-12-01 to Thu 2026-12-03 has no Saturday.
      [{ pattern: 'weekly', endDate: '2026-12-03', daysOfWeek: [6] }, 'The pattern creates no sessions between those dates'],
      [{ startDate: '2026-11-18', startTime: '09:00', endTime: '10:00' }, 'The series includes sessions in the past; choose a start date from today on'],
      [{ classTypeId: crypto.randomUUID() }, 'Class type does not exist'],
      [{ classTypeId: 'not-a-uuid' }, 'Class type does not exist'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post('/api/admin/sessions/bulk', form(classType.id, overrides));
      expect({ status: res.status, message: res.body.message }, JSON.stringify(overrides)).toEqual({ status: 400, message });
    }
    expect(await sessionsOf(classType.id)).toEqual([]);

    // 02:00-03:00 does not exist on a Toronto clock on 2026-03-08.
    now = new Date(torontoTime(2026, 3, 1, 12, 0).getTime());
    const gap = await admin.post('/api/admin/sessions/bulk', form(classType.id, { startDate: '2026-03-07', endDate: '2026-03-09', startTime: '02:00', endTime: '03:00' }));
    expect(gap.status).toBe(400);
    expect(gap.body.message).toBe('02:00 - 03:00 does not exist on Sunday, March 8, 2026 (the clocks go forward that night); choose other times');
    expect(await sessionsOf(classType.id)).toEqual([]);
  });
});

describe('POST /api/admin/sessions/bulk-delete', () => {
  it('deletes the sessions without confirmed bookings (and their cancelled bookings) and skips the rest', async () => {
    const classType = await newClassType();
    const empty = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 8), capacity: 10 });
    const withBooking = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 9), capacity: 10 });
    const onlyCancelled = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 10), capacity: 10 });
    const family = await signedInParent([['Ava', 3], ['Leo', 3]]);
    await booked(family.api, withBooking.id, ['Ava']);
    const cancelled = await booked(family.api, onlyCancelled.id, ['Leo']);
    expect((await family.api.post(`/api/bookings/${cancelled}/cancel`)).status).toBe(200);

    const res = await admin.post('/api/admin/sessions/bulk-delete', {
      sessionIds: [empty.id, withBooking.id, onlyCancelled.id, crypto.randomUUID(), 'not-a-uuid'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 2, skippedCount: 3 });
    expect((await sessionsOf(classType.id)).map((s) => s.id)).toEqual([withBooking.id]);
    expect(await db().select().from(bookings).where(eq(bookings.id, cancelled))).toEqual([]);
    expect((await sessionRow(withBooking.id))!.bookedCount).toBe(1);

    const again = await admin.post('/api/admin/sessions/bulk-delete', { sessionIds: [withBooking.id] });
    expect(again.body).toEqual({ deletedCount: 0, skippedCount: 1 });
    const none = await admin.post('/api/admin/sessions/bulk-delete', { sessionIds: [] });
    expect({ status: none.status, message: none.body.message }).toEqual({ status: 400, message: 'sessionIds: Select at least one session' });
  });
});

describe("a parent's reschedule", () => {
  it("moves the booking's calendar event: same UID, SEQUENCE raised", async () => {
    const classType = await newClassType('Rescheduled Class');
    const from = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 15), capacity: 10 });
    const to = await createSession(db(), { classTypeId: classType.id, startsAt: at(10, 15), capacity: 10 });
    const family = await signedInParent([['Ava', 3]]);
    const bookingId = await booked(family.api, from.id, ['Ava']);
    const confirmed = await smtp.waitForMail(family.email, 'Booking confirmed');
    expect(calendarFiles(confirmed)[0]).toMatchObject({ uid: `${bookingId}@northbound-portal`, sequence: 0 });
    await server.app.emailWorker.idle();

    expect((await family.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: to.id })).status).toBe(200);
    const mail = await smtp.waitForMail(family.email, 'Booking rescheduled');
    expect(calendarFiles(mail)).toEqual([
      {
        method: 'PUBLISH',
        uid: `${bookingId}@northbound-portal`,
        sequence: 1,
        status: 'CONFIRMED',
        start: to.startsAt.toISOString(),
        end: to.endsAt.toISOString(),
        location: 'Main Gym',
      },
    ]);
    expect((await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.calendarSequence).toBe(1);
  });
});

describe('bad input', () => {
  it('gets a 4xx with a message on every admin sessions write, never a 500', async () => {
    const classType = await newClassType();
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: at(10, 9), capacity: 10 });
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { classTypeId: 42, startsAt: true, endsAt: [], capacity: 'many', location: { a: 1 } },
      { classTypeId: classType.id, startsAt: 'soon', endsAt: 'later' },
      { classTypeId: classType.id, startsAt: '2026-02-30T10:00', endsAt: '2026-12-01T25:00' },
      { classTypeId: classType.id, startsAt: '', endsAt: '' },
      { classTypeId: classType.id, startDate: 'x', endDate: '', startTime: '9am', endTime: '', pattern: 'monthly' },
      { classTypeId: classType.id, startDate: '2026-12-01', endDate: '2026-12-02', startTime: 'ab:cd', endTime: '10:00', pattern: 'weekly', daysOfWeek: 'mon' },
      { classTypeId: classType.id, startDate: '2026-12-01', endDate: '2026-12-02', startTime: '09:00', endTime: '10:00', pattern: 'specific-days', specificDates: [null, 'x'] },
      { sessionIds: 'all' },
      { sessionIds: [null, 42, 'x'.repeat(200)] },
      { sessionIds: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
    ];
    const writes: Array<[string, string]> = [
      ['POST', '/api/admin/sessions'],
      ['POST', '/api/admin/sessions/bulk'],
      ['POST', '/api/admin/sessions/bulk-delete'],
      ['PUT', `/api/admin/sessions/${session.id}`],
      ['PUT', '/api/admin/sessions/%27%3B%20drop%20table%20sessions--'],
    ];
    for (const [method, path] of writes) {
      for (const body of bodies) {
        const res = await admin.request(method, path, JSON.stringify(body), { 'content-type': 'application/json' });
        const what = `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(typeof res.body?.message, what).toBe('string');
      }
    }
    expect((await sessionRow(session.id))!.startsAt.toISOString()).toBe(session.startsAt.toISOString());
  });
});

describe('under concurrency (separate pooled connections on PostgreSQL)', () => {
  it('an office change racing parents keeps every count exact and never answers 500', async () => {
    const classType = await newClassType();
    const shrinking = await createSession(db(), { classTypeId: classType.id, startsAt: at(11, 17), capacity: 10 });
    const cancelling = await createSession(db(), { classTypeId: classType.id, startsAt: at(11, 19), capacity: 10 });
    const parents = await Promise.all(Array.from({ length: 8 }, (_, i) => signedInParent([[`Racer${i}`, 7]])));
    const form = { classTypeId: classType.id, startsAt: shrinking.startsAt.toISOString(), endsAt: shrinking.endsAt.toISOString(), capacity: 4 };
    const results = await Promise.all([
      ...parents.flatMap((p, i) => [
        p.api.post('/api/bookings', { sessionId: shrinking.id, childNames: [`Racer${i}`] }),
        p.api.post('/api/bookings', { sessionId: cancelling.id, childNames: [`Racer${i}`] }),
      ]),
      put(`/api/admin/sessions/${shrinking.id}`, form),
      admin.post(`/api/admin/sessions/${cancelling.id}/cancel`),
    ]);
    expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);

    for (const id of [shrinking.id, cancelling.id]) {
      const row = (await sessionRow(id))!;
      const confirmed = await db()
        .select()
        .from(bookingChildren)
        .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
        .where(and(eq(bookings.sessionId, id), eq(bookings.status, 'CONFIRMED')));
      expect(row.bookedCount).toBe(confirmed.length);
      expect(row.bookedCount).toBeLessThanOrEqual(row.capacity);
    }
    // The cancelled session holds no confirmed booking: each one made before the cancel was cancelled with it.
    const cancelled = (await sessionRow(cancelling.id))!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', bookedCount: 0 });
    const cancelResult = results.at(-1)!;
    const madeBefore = (await db().select().from(bookings).where(eq(bookings.sessionId, cancelling.id))).length;
    expect(cancelResult.body.cancelledBookings).toBe(madeBefore);
  });
});
