import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Email } from 'postal-mime';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingChildren, bookings, sessions } from '../db/schema';
import { createClassType, createSession, signInNewParent } from '../test-support/fixtures';
import { ApiClient } from '../test-support/test-server';
import { at, NOW } from '../test-support/clock';
import { withApi } from '../test-support/with-api';

// The server's clock is pinned to Wednesday 2026-11-18 12:00 in Toronto: the booking window is
// Monday Nov 16 to Sunday Nov 29; Nov 30 onwards is the week after next.

let classTypeId: string;

const { server, smtp } = withApi({ smtp: true, clock: () => NOW, env: { BUSINESS_NAME: 'Test Athletics' } });
beforeAll(async () => {
  // Open to every child: these children have nothing recorded (issue 31: an age range or girls-only would ask for it).
  classTypeId = (await createClassType(server.database.db, { code: 'BKT', name: 'Booking Test Class' })).id;
});

const db = () => server.database.db;
const newSession = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId, startsAt, capacity });
const signedInParent = (kids: Array<[string, number]>) => signInNewParent(server, kids);
const bookedCount = async (sessionId: string) =>
  (await db().select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.bookedCount;

describe('GET /api/sessions and /api/classes', () => {
  it('need a session', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get('/api/sessions')).status).toBe(401);
    expect((await anonymous.get('/api/classes')).status).toBe(401);
  });

  it('lists sessions in a range, ordered by start, with spots and class type', async () => {
    const { api } = await signedInParent([['Kai', 2]]);
    const later = await newSession(at(9, 18), 12);
    const earlier = await newSession(at(9, 9), 8);
    const from = at(9, 0).toISOString();
    const to = at(9, 23, 59).toISOString();
    const res = await api.get(`/api/sessions?from=${from}&to=${to}&limit=1000&classCode=BKT`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.totalPages).toBe(1);
    expect(res.body.sessions.map((s: { id: string }) => s.id)).toEqual([earlier.id, later.id]);
    expect(res.body.sessions[0]).toEqual({
      id: earlier.id,
      startsAt: at(9, 9).toISOString(),
      endsAt: at(9, 10).toISOString(),
      capacity: 8,
      location: 'Main Gym',
      bookedCount: 0,
      availableSpots: 8,
      waitlistCount: 0,
      status: 'SCHEDULED',
      classType: {
        id: classTypeId,
        code: 'BKT',
        name: 'Booking Test Class',
        description: 'A class made by a test',
        minAge: null,
        maxAge: null,
        girlsOnly: false,
        defaultCapacity: 50,
        defaultLocation: 'Main Gym',
      },
    });
    const byId = await api.get(`/api/sessions?from=${from}&to=${to}&classTypeId=${classTypeId}&limit=1&page=2`);
    expect(byId.body).toMatchObject({ total: 2, totalPages: 2 });
    expect(byId.body.sessions.map((s: { id: string }) => s.id)).toEqual([later.id]);
  });

  it('refuses bad query values with a 400 naming the field', async () => {
    const { api } = await signedInParent([['Kai', 2]]);
    expect((await api.get('/api/sessions?limit=5000')).body.message).toBe('limit: limit cannot exceed 1000');
    expect((await api.get('/api/sessions?from=yesterday')).body.message).toBe('from: from must be an ISO date or date-time');
    expect((await api.get('/api/sessions?classTypeId=42')).status).toBe(400);
  });

  it('lists the class types, girls-only marked', async () => {
    const { api } = await signedInParent([['Kai', 2]]);
    const res = await api.get('/api/classes');
    expect(res.status).toBe(200);
    expect(res.body.find((c: { code: string }) => c.code === 'BKT')).toMatchObject({ girlsOnly: false, minAge: null, maxAge: null });
    expect(res.body.find((c: { code: string }) => c.code === 'GIRLS')).toMatchObject({ girlsOnly: true });
  });
});

describe('POST /api/bookings', () => {
  it('books one spot per child, returns the booking and emails a confirmation with an .ics', async () => {
    const { api, email } = await signedInParent([['Ava', 2], ['Leo', 1]]);
    const session = await newSession(at(8, 17, 30), 10); // next Tuesday 17:30 Toronto
    const res = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava', 'leo'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sessionId: session.id,
      childNames: ['Ava', 'Leo'],
      status: 'CONFIRMED',
      reference: `NB-${res.body.id.slice(-8).toUpperCase()}`,
      session: { startsAt: session.startsAt.toISOString(), location: 'Main Gym', classType: { name: 'Booking Test Class' } },
      user: { email },
    });
    // The answer is exactly the booking as it is read back later (the confirmation screen uses either).
    expect((await api.get('/api/me/bookings')).body).toEqual([res.body]);
    expect(await bookedCount(session.id)).toBe(2);

    const mail = await smtp.waitForMail(email, 'Booking confirmed');
    expect(mail!.subject).toBe('Booking confirmed: Booking Test Class on Tuesday, November 24, 2026');
    expect(mail!.text).toContain('Time: 5:30 PM - 6:30 PM (Toronto time)');
    expect(mail!.text).toContain('Location: Main Gym');
    expect(mail!.text).toContain('Children: Ava, Leo');
    expect(mail!.text).toContain(`Booking reference: #NB-${res.body.id.slice(-8).toUpperCase()}`);
    expect(mail!.text).toContain('Test Athletics');

    const ics = mail!.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics?.mimeType).toBe('text/calendar');
    const text = typeof ics!.content === 'string' ? ics!.content : new TextDecoder().decode(ics!.content as ArrayBuffer);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Booking Test Class');
    expect(event.location).toBe('Main Gym');
    expect(event.startDate.toJSDate().toISOString()).toBe(session.startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(session.endsAt.toISOString());
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('needs a session and at least one child', async () => {
    expect((await new ApiClient(server.baseUrl).post('/api/bookings', { sessionId: crypto.randomUUID(), childNames: ['A'] })).status).toBe(401);
    const { api } = await signedInParent([['Ava', 2]]);
    const session = await newSession(at(8, 9));
    const none = await api.post('/api/bookings', { sessionId: session.id, childNames: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('childNames: Please select at least one child for this session.');
    expect(none.body.code).toBe('VALIDATION_FAILED');
    const missing = await api.post('/api/bookings', { sessionId: session.id });
    expect(missing.body.message).toBe('childNames: Please select at least one child for this session.');
    const twice = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava', 'ava'] });
    expect(twice.body.message).toBe('childNames: Each child can be listed only once: "Ava" and "ava" name the same child');
    const unknownSession = await api.post('/api/bookings', { sessionId: crypto.randomUUID(), childNames: ['Ava'] });
    expect(unknownSession.status).toBe(404);
    expect(unknownSession.body.message).toBe('Session not found');
  });

  it("refuses a name that is not one of the caller's children, booking nobody", async () => {
    const other = await signedInParent([['Maya', 3]]);
    const { api } = await signedInParent([['Ava', 2]]);
    const session = await newSession(at(8, 10));
    const res = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava', 'Maya'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('"Maya" is not one of your children');
    // Nobody is booked: not the caller's own Ava (all or nothing), not the other family's Maya.
    expect(await bookedCount(session.id)).toBe(0);
    expect(await db().select().from(bookings).where(eq(bookings.sessionId, session.id))).toEqual([]);
    expect((await api.get('/api/me/bookings')).body).toEqual([]);
    expect((await other.api.get('/api/me/bookings')).body).toEqual([]);
    expect((await other.api.get(`/api/me/child-stats?week=${at(8, 0).toISOString().slice(0, 10)}`)).body.children).toEqual([
      { name: 'Maya', used: 0, limit: 3, remaining: 3, makeupCredits: 0, makeupCreditExpiries: [] },
    ]);
    // Maya's own parent can still book her there.
    expect((await other.api.post('/api/bookings', { sessionId: session.id, childNames: ['Maya'] })).status).toBe(201);
    expect(await bookedCount(session.id)).toBe(1);
  });

  it('refuses a child already booked in the session', async () => {
    const { api } = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const session = await newSession(at(8, 11));
    expect((await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] })).status).toBe(201);
    const again = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Leo', 'Ava'] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ava is already booked in this session');
    expect(await bookedCount(session.id)).toBe(1);
  });

  it('refuses when there are not enough spots, all or nothing', async () => {
    const { api } = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const session = await newSession(at(8, 12), 1);
    const tooMany = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava', 'Leo'] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 1 spot is left in this session; you asked for 2');
    expect(await bookedCount(session.id)).toBe(0);
    expect(await db().select().from(bookings).where(eq(bookings.sessionId, session.id))).toEqual([]);

    expect((await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] })).status).toBe(201);
    const full = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Leo'] });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ message: 'This session is full', code: 'SESSION_FULL' });
  });

  it('refuses a session that has started or already ended', async () => {
    const { api } = await signedInParent([['Ava', 3]]);
    const started = await newSession(at(2, 11, 30)); // Wednesday 11:30, now is 12:00
    const res = await api.post('/api/bookings', { sessionId: started.id, childNames: ['Ava'] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This session has already started and can no longer be booked');
    const lastWeek = await newSession(at(-3, 9));
    expect((await api.post('/api/bookings', { sessionId: lastWeek.id, childNames: ['Ava'] })).status).toBe(409);
  });

  it('refuses a session outside the booking window (the week after next)', async () => {
    const { api } = await signedInParent([['Ava', 3]]);
    const lastMinuteOfWindow = await newSession(at(13, 23, 0)); // next Sunday 23:00
    expect((await api.post('/api/bookings', { sessionId: lastMinuteOfWindow.id, childNames: ['Ava'] })).status).toBe(201);
    const tooFar = await newSession(at(14, 9)); // the Monday after next
    const res = await api.post('/api/bookings', { sessionId: tooFar.id, childNames: ['Ava'] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Bookings are open for the current week and next week only', code: 'OUTSIDE_WINDOW' });
  });

  it('names every child it refuses, each with the reason, and books none of them (issue 20)', async () => {
    const { api } = await signedInParent([['Ava', 1], ['Leo', 1], ['Mia', 2]]);
    const mon = await newSession(at(7, 9));
    const tue = await newSession(at(8, 9));
    const wed = await newSession(at(9, 9));
    expect((await api.post('/api/bookings', { sessionId: mon.id, childNames: ['Ava', 'Leo'] })).status).toBe(201);
    expect((await api.post('/api/bookings', { sessionId: tue.id, childNames: ['Mia'] })).status).toBe(201);

    const both = await api.post('/api/bookings', { sessionId: wed.id, childNames: ['Ava', 'Leo', 'Mia'] });
    expect([both.status, both.body.message]).toEqual([
      409,
      'Ava (1 of 1 session) and Leo (1 of 1 session) have reached their weekly limits for that week',
    ]);
    const mixed = await api.post('/api/bookings', { sessionId: tue.id, childNames: ['Leo', 'Mia', 'Ava'] });
    expect([mixed.status, mixed.body.message]).toEqual([
      409,
      'Mia is already booked in this session, and Leo (1 of 1 session) and Ava (1 of 1 session) have reached their weekly limits for that week',
    ]);
    expect(await bookedCount(wed.id)).toBe(0);
    expect(await bookedCount(tue.id)).toBe(1);
    // Mia alone still fits Wednesday (her limit is 2): the refusal was about the others.
    expect((await api.post('/api/bookings', { sessionId: wed.id, childNames: ['Mia'] })).status).toBe(201);
  });

  it("holds each child's weekly limit within the Toronto week, counting only confirmed bookings", async () => {
    const { api } = await signedInParent([['Ava', 2], ['Leo', 1]]);
    const mon = await newSession(at(7, 9));
    const tue = await newSession(at(8, 9));
    const sun = await newSession(at(13, 22));
    const thisWeek = await newSession(at(3, 9)); // this Thursday: another week

    expect((await api.post('/api/bookings', { sessionId: mon.id, childNames: ['Ava', 'Leo'] })).status).toBe(201);
    const leoAgain = await api.post('/api/bookings', { sessionId: tue.id, childNames: ['Ava', 'Leo'] });
    expect(leoAgain.status).toBe(409);
    expect(leoAgain.body).toEqual({ message: 'Leo has reached the weekly limit of 1 session for that week', code: 'WEEKLY_LIMIT_REACHED' });
    expect(await bookedCount(tue.id)).toBe(0);

    expect((await api.post('/api/bookings', { sessionId: thisWeek.id, childNames: ['Leo'] })).status).toBe(201);
    // GET /api/me counts this week's spots only (the two of next Monday are another week).
    expect((await api.get('/api/me')).body.usedThisWeek).toBe(1);
    const avaSecond = await api.post('/api/bookings', { sessionId: tue.id, childNames: ['Ava'] });
    expect(avaSecond.status).toBe(201);
    const avaThird = await api.post('/api/bookings', { sessionId: sun.id, childNames: ['Ava'] });
    expect(avaThird.body.message).toBe('Ava has reached the weekly limit of 2 sessions for that week');

    // A cancelled booking no longer counts.
    expect((await api.post(`/api/bookings/${avaSecond.body.id}/cancel`)).status).toBe(200);
    expect((await api.post('/api/bookings', { sessionId: sun.id, childNames: ['Ava'] })).status).toBe(201);
  });
});

describe('GET /api/me/bookings and /api/me/child-stats', () => {
  it("lists only the caller's bookings, newest session last", async () => {
    const { api } = await signedInParent([['Ava', 3]]);
    const other = await signedInParent([['Zoe', 3]]);
    const late = await newSession(at(9, 18));
    const early = await newSession(at(8, 8));
    await api.post('/api/bookings', { sessionId: late.id, childNames: ['Ava'] });
    await api.post('/api/bookings', { sessionId: early.id, childNames: ['Ava'] });
    await other.api.post('/api/bookings', { sessionId: early.id, childNames: ['Zoe'] });
    const res = await api.get('/api/me/bookings');
    expect(res.status).toBe(200);
    expect(res.body.map((b: { sessionId: string }) => b.sessionId)).toEqual([early.id, late.id]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^NB-[0-9A-F]{8}$/),
      sessionId: early.id,
      session: {
        startsAt: early.startsAt.toISOString(),
        endsAt: early.endsAt.toISOString(),
        location: 'Main Gym',
        classType: { id: classTypeId, code: 'BKT', name: 'Booking Test Class', description: 'A class made by a test' },
      },
      childNames: ['Ava'],
      childStates: [{ name: 'Ava', state: 'booked' }],
      status: 'CONFIRMED',
      calendarSequence: 0,
      createdAt: expect.any(String),
      user: { firstName: 'Test', lastName: 'Parent', email: expect.stringContaining('@example.com') },
      // Issue 31: who of the family booked it.
      bookedByGuardian: 'Test Parent',
    });
  });

  it('gives used, limit and remaining per child for the Toronto week of the given date', async () => {
    const { api } = await signedInParent([['Ava', 2], ['Leo', 1]]);
    const nextSunday = await newSession(at(13, 23)); // Sunday 23:00 Toronto = Monday 04:00 UTC
    await api.post('/api/bookings', { sessionId: nextSunday.id, childNames: ['Ava', 'Leo'] });

    const nextWeek = await api.get(`/api/me/child-stats?week=${at(7, 0).toISOString().slice(0, 10)}`);
    expect(nextWeek.status).toBe(200);
    expect(nextWeek.body.children).toEqual([
      { name: 'Ava', used: 1, limit: 2, remaining: 1, makeupCredits: 0, makeupCreditExpiries: [] },
      { name: 'Leo', used: 1, limit: 1, remaining: 0, makeupCredits: 0, makeupCreditExpiries: [] },
    ]);
    const sundayDate = await api.get('/api/me/child-stats?week=2026-11-29');
    expect(sundayDate.body.children[0]).toEqual({ name: 'Ava', used: 1, limit: 2, remaining: 1, makeupCredits: 0, makeupCreditExpiries: [] });
    const thisWeek = await api.get('/api/me/child-stats');
    expect(thisWeek.body.children).toEqual([
      { name: 'Ava', used: 0, limit: 2, remaining: 2, makeupCredits: 0, makeupCreditExpiries: [] },
      { name: 'Leo', used: 0, limit: 1, remaining: 1, makeupCredits: 0, makeupCreditExpiries: [] },
    ]);
    // An instant names its Toronto week: Monday 03:00 UTC is still Sunday evening in Toronto.
    const instant = await api.get('/api/me/child-stats?week=2026-11-30T03:00:00Z');
    expect(instant.body.children[0]).toEqual({ name: 'Ava', used: 1, limit: 2, remaining: 1, makeupCredits: 0, makeupCreditExpiries: [] });
    expect((await api.get('/api/me/child-stats?week=soon')).status).toBe(400);
    expect((await api.get('/api/me/child-stats?week=2026-02-30')).body.message).toBe('week: week must be an ISO date (YYYY-MM-DD)');
  });
});

describe('POST /api/bookings/:id/cancel', () => {
  it('cancels a future booking of the caller, frees the spots and sends a short email', async () => {
    const { api, email } = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const session = await newSession(at(9, 16));
    const booking = (await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava', 'Leo'] })).body;
    const res = await api.post(`/api/bookings/${booking.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CANCELLED');
    expect(await bookedCount(session.id)).toBe(0);
    const mail = await smtp.waitForMail(email, 'Booking cancelled');
    expect(mail.subject).toBe('Booking cancelled: Booking Test Class on Wednesday, November 25, 2026');
    expect(mail.text).toContain('Children: Ava, Leo');

    const again = await api.post(`/api/bookings/${booking.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking is already cancelled');
  });

  it("answers 404 for another parent's booking and for a malformed id, changing nothing", async () => {
    const owner = await signedInParent([['Ava', 3]]);
    const intruder = await signedInParent([['Zed', 3]]);
    const session = await newSession(at(9, 17));
    const booking = (await owner.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] })).body;
    const res = await intruder.api.post(`/api/bookings/${booking.id}/cancel`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Booking not found');
    expect(await bookedCount(session.id)).toBe(1);
    expect((await intruder.api.post('/api/bookings/not-a-uuid/cancel')).status).toBe(404);
  });

  it('refuses to cancel a booking whose session has started', async () => {
    const { api, id: userId } = await signedInParent([['Ava', 3]]);
    const past = await newSession(at(1, 9));
    const [booking] = await db().insert(bookings).values({ familyId: userId, sessionId: past.id }).returning();
    const [kid] = await db().execute<{ id: string }>(sql`select id from children where family_id = ${userId}`).then(
      (r) => (r as unknown as { rows: Array<{ id: string }> }).rows,
    );
    await db().insert(bookingChildren).values({ bookingId: booking!.id, childId: kid!.id, childName: 'Ava' });
    await db().update(sessions).set({ bookedCount: 1 }).where(eq(sessions.id, past.id));
    const res = await api.post(`/api/bookings/${booking!.id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only future bookings can be cancelled');
    expect(await bookedCount(past.id)).toBe(1);
  });
});

describe('POST /api/bookings/:id/reschedule', () => {
  it('moves the same children to another session atomically, keeping the booking id', async () => {
    const { api, email } = await signedInParent([['Ava', 1], ['Leo', 1]]);
    const from = await newSession(at(8, 16));
    const to = await newSession(at(10, 16), 5); // same week: the booking itself does not count against the limit
    const booking = (await api.post('/api/bookings', { sessionId: from.id, childNames: ['Ava', 'Leo'] })).body;
    const res = await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: to.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: booking.id, sessionId: to.id, childNames: ['Ava', 'Leo'], status: 'CONFIRMED' });
    expect(await bookedCount(from.id)).toBe(0);
    expect(await bookedCount(to.id)).toBe(2);
    const mail = await smtp.waitForMail(email, 'Booking rescheduled');
    expect(mail.subject).toBe('Booking rescheduled: Booking Test Class on Thursday, November 26, 2026');
    expect(mail.text).toContain('moved from Booking Test Class on Tuesday, November 24, 2026 at 4:00 PM - 5:00 PM');
    expect(mail.attachments.some((a) => a.filename?.endsWith('.ics'))).toBe(true);
  });

  it('frees nothing when the move is refused (full, same, outside the window, started, over the limit)', async () => {
    const { api } = await signedInParent([['Ava', 1], ['Leo', 2]]);
    const from = await newSession(at(7, 16));
    const booking = (await api.post('/api/bookings', { sessionId: from.id, childNames: ['Ava', 'Leo'] })).body;
    const tooSmall = await newSession(at(8, 16), 1);
    const tooFar = await newSession(at(15, 16));
    const started = await newSession(at(2, 8));
    const thisWeek = await newSession(at(4, 16));
    await api.post('/api/bookings', { sessionId: thisWeek.id, childNames: ['Ava'] }); // Ava's one for this week

    const cases: Array<[string, number, string]> = [
      [tooSmall.id, 409, 'Only 1 spot is left in this session; you asked for 2'],
      [from.id, 400, 'Choose a different session to reschedule to'],
      [tooFar.id, 409, 'Bookings are open for the current week and next week only'],
      [started.id, 409, 'This session has already started and can no longer be booked'],
      [crypto.randomUUID(), 404, 'Session not found'],
    ];
    for (const [newSessionId, status, message] of cases) {
      const res = await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId });
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    // Moving into this week would give Ava a second session there (limit 1): re-checked for the new week.
    const sameWeekAsAva = await newSession(at(5, 10));
    const overLimit = await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: sameWeekAsAva.id });
    expect(overLimit.status).toBe(409);
    expect(overLimit.body.message).toBe('Ava has reached the weekly limit of 1 session for that week');

    expect(await bookedCount(from.id)).toBe(2);
    for (const s of [tooSmall, tooFar, started, sameWeekAsAva]) expect(await bookedCount(s.id)).toBe(0);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.sessionId).toBe(from.id);
  });

  it("answers 404 for another parent's booking", async () => {
    const owner = await signedInParent([['Ava', 3]]);
    const intruder = await signedInParent([['Zed', 3]]);
    const from = await newSession(at(9, 19));
    const to = await newSession(at(10, 19));
    const booking = (await owner.api.post('/api/bookings', { sessionId: from.id, childNames: ['Ava'] })).body;
    const res = await intruder.api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: to.id });
    expect(res.status).toBe(404);
    expect(await bookedCount(from.id)).toBe(1);
    expect(await bookedCount(to.id)).toBe(0);
  });
});

describe("a booking's calendar files (issue 21)", () => {
  /** The calendar file of an e-mail, parsed with ical.js. */
  function calendarOf(mail: Email) {
    const files = mail.attachments.filter((a) => a.filename?.endsWith('.ics'));
    expect(files).toHaveLength(1);
    const file = files[0]!;
    const text = typeof file.content === 'string' ? file.content : new TextDecoder().decode(file.content as ArrayBuffer);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.uid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  }

  it('book, reschedule, cancel: one event (same UID), SEQUENCE rising, moved by PUBLISH, removed by CANCEL', async () => {
    const { api, email } = await signedInParent([['Ava', 3]]);
    const from = await newSession(at(9, 15));
    const to = await newSession(at(10, 18));
    const booking = (await api.post('/api/bookings', { sessionId: from.id, childNames: ['Ava'] })).body;
    const uid = `${booking.id}@northbound-portal`;

    const confirmed = calendarOf(await smtp.waitForMail(email, 'Booking confirmed'));
    expect(confirmed).toEqual({ method: 'PUBLISH', uid, sequence: 0, status: 'CONFIRMED', start: from.startsAt.toISOString(), end: from.endsAt.toISOString() });

    expect((await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: to.id })).status).toBe(200);
    const moved = calendarOf(await smtp.waitForMail(email, 'Booking rescheduled'));
    expect(moved).toEqual({ method: 'PUBLISH', uid, sequence: 1, status: 'CONFIRMED', start: to.startsAt.toISOString(), end: to.endsAt.toISOString() });

    expect((await api.post(`/api/bookings/${booking.id}/cancel`)).status).toBe(200);
    const cancelledMail = await smtp.waitForMail(email, 'Booking cancelled');
    // The part's own method parameter says the same (RFC 6047).
    expect(cancelledMail.attachments.find((a) => a.filename?.endsWith('.ics'))?.method).toBe('CANCEL');
    const cancelled = calendarOf(cancelledMail);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid, status: 'CANCELLED', start: to.startsAt.toISOString() });

    // Each file replaces the one before it in a calendar app: same UID, a strictly higher SEQUENCE.
    const sequences = [confirmed, moved, cancelled].map((file) => file.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(3);
  });
});
