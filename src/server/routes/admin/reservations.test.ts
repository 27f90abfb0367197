import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { torontoTime } from '../../../shared/rules/week';
import { bookingChildren, bookings, children } from '../../db/schema';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { WEDNESDAY_9PM } from '../../test-support/clock';

// The clock is pinned to Wednesday 2026-11-18 21:00 in Toronto, which is already Thursday 02:00 UTC: a range
// computed in UTC days instead of Toronto days would be off by one day at both ends.
const NOW = WEDNESDAY_9PM;
const toronto = (month: number, day: number, hour: number, minute = 0) =>
  new Date(torontoTime(2026, month, day, hour, minute).getTime());

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });

const db = () => server.database.db;

/** A parent and their children's rows (id and name), in slot order. */
async function parentWithKids(kids: Array<[string, number]>) {
  const parent = await createParent(db(), kids);
  const rows = await db().select().from(children).where(eq(children.familyId, parent.id)).orderBy(asc(children.position));
  return { ...parent, kids: rows };
}

/** A booking written straight to the database (sessions in the past are out of reach of the booking API). */
async function insertBooking(input: {
  userId: string;
  sessionId: string;
  kids: Array<{ id: string; name: string }>;
  createdAt: Date;
  status?: 'CONFIRMED' | 'CANCELLED';
}) {
  const [booking] = await db()
    .insert(bookings)
    .values({ familyId: input.userId, sessionId: input.sessionId, status: input.status ?? 'CONFIRMED', createdAt: input.createdAt })
    .returning();
  await db()
    .insert(bookingChildren)
    .values(input.kids.map((kid, position) => ({ bookingId: booking!.id, childId: kid.id, childName: kid.name, position })));
  return booking!;
}

const ids = (body: Array<{ id: string }>) => body.map((b) => b.id);

describe('GET /api/admin/reservations', () => {
  it('lists every booking of the range with parent, class, session, children and status, cancelled ones included', async () => {
    const classType = await createClassType(db(), { code: 'RSVA', name: 'Reservations A' });
    const family = await parentWithKids([
      ['Ava', 3],
      ['Leo', 3],
    ]);
    const other = await parentWithKids([['Maya', 3]]);
    const friday = await createSession(db(), { classTypeId: classType.id, startsAt: toronto(11, 20, 17), location: 'Court 2' });
    const thursday = await createSession(db(), { classTypeId: classType.id, startsAt: toronto(11, 19, 16) });

    // Through the API: a booking, then one that is cancelled again.
    const parentApi = new ApiClient(server.baseUrl);
    await parentApi.login(family.email, family.password);
    const booked = await parentApi.post('/api/bookings', { sessionId: friday.id, childNames: ['Ava', 'Leo'] });
    expect(booked.status).toBe(201);
    const otherApi = new ApiClient(server.baseUrl);
    await otherApi.login(other.email, other.password);
    const cancelled = await otherApi.post('/api/bookings', { sessionId: friday.id, childNames: ['Maya'] });
    expect((await otherApi.post(`/api/bookings/${cancelled.body.id}/cancel`)).status).toBe(200);
    // Booked earlier than both, in an earlier session.
    const early = await insertBooking({
      userId: other.id,
      sessionId: thursday.id,
      kids: [other.kids[0]!],
      createdAt: new Date('2026-11-10T15:00:00Z'),
    });

    const res = await admin.get('/api/admin/reservations?classCode=RSVA');
    expect(res.status).toBe(200);
    // Session start first, then when it was booked.
    expect(ids(res.body)).toEqual([early.id, booked.body.id, cancelled.body.id]);
    expect(res.body[1]).toEqual({
      id: booked.body.id,
      reference: `NB-${booked.body.id.slice(-8).toUpperCase()}`,
      sessionId: friday.id,
      session: {
        startsAt: friday.startsAt.toISOString(),
        endsAt: friday.endsAt.toISOString(),
        location: 'Court 2',
        classType: { id: classType.id, code: 'RSVA', name: 'Reservations A', description: 'A class made by a test' },
      },
      childNames: ['Ava', 'Leo'],
      childStates: [
        { name: 'Ava', state: 'booked' },
        { name: 'Leo', state: 'booked' },
      ],
      status: 'CONFIRMED',
      calendarSequence: 0,
      createdAt: booked.body.createdAt,
      user: { firstName: 'Test', lastName: 'Parent', email: family.email },
      bookedByGuardian: 'Test Parent',
      // The office's fields (issue 19): the family made this one itself.
      userId: family.id,
      bookedBy: 'FAMILY',
      bookedByName: null,
      note: null,
      // Issue 22: Friday's session has not started, so no attendance yet; nobody checked in.
      attendance: null,
      children: [
        { name: 'Ava', checkedInAt: null },
        { name: 'Leo', checkedInAt: null },
      ],
    });
    expect(res.body[2]).toMatchObject({ id: cancelled.body.id, status: 'CANCELLED', childNames: ['Maya'], user: { email: other.email } });
    expect(res.body[0]).toMatchObject({ createdAt: '2026-11-10T15:00:00.000Z', sessionId: thursday.id });
  });

  it('filters by class code', async () => {
    const a = await createClassType(db(), { code: 'RSVB' });
    const b = await createClassType(db(), { code: 'RSVC' });
    const family = await parentWithKids([['Kai', 3]]);
    const inA = await insertBooking({
      userId: family.id,
      sessionId: (await createSession(db(), { classTypeId: a.id, startsAt: toronto(11, 17, 10) })).id,
      kids: family.kids,
      createdAt: toronto(11, 10, 9),
    });
    const inB = await insertBooking({
      userId: family.id,
      sessionId: (await createSession(db(), { classTypeId: b.id, startsAt: toronto(11, 17, 11) })).id,
      kids: family.kids,
      createdAt: toronto(11, 10, 9),
    });
    expect(ids((await admin.get('/api/admin/reservations?classCode=RSVB')).body)).toEqual([inA.id]);
    expect(ids((await admin.get('/api/admin/reservations?classCode=RSVC')).body)).toEqual([inB.id]);
    expect((await admin.get('/api/admin/reservations?classCode=NOPE')).body).toEqual([]);
    // Without a class code, every class of the range (the demo data's bookings too).
    const all = ids((await admin.get('/api/admin/reservations')).body);
    expect(all).toEqual(expect.arrayContaining([inA.id, inB.id]));
    expect(all.length).toBeGreaterThan(2);
  });

  it('takes from and to as Toronto days: bare dates cover the whole Toronto day, both ends included', async () => {
    const classType = await createClassType(db(), { code: 'RSVD' });
    const family = await parentWithKids([['Kai', 7]]);
    const book = async (startsAt: Date) =>
      insertBooking({
        userId: family.id,
        sessionId: (await createSession(db(), { classTypeId: classType.id, startsAt })).id,
        kids: family.kids,
        createdAt: toronto(11, 1, 9),
      });
    const dayBefore = await book(toronto(11, 24, 23, 30)); // 2026-11-25 04:30 UTC, still the 24th in Toronto
    const evening = await book(new Date('2026-11-25T23:00:00Z')); // 18:00 Toronto
    const lateEvening = await book(toronto(11, 25, 23, 45)); // 2026-11-26 04:45 UTC, still the 25th in Toronto
    const nextDay = await book(toronto(11, 26, 0, 15));

    const oneDay = await admin.get('/api/admin/reservations?classCode=RSVD&from=2026-11-25&to=2026-11-25');
    expect(oneDay.status).toBe(200);
    expect(ids(oneDay.body)).toEqual([evening.id, lateEvening.id]);
    const twoDays = await admin.get('/api/admin/reservations?classCode=RSVD&from=2026-11-24&to=2026-11-25');
    expect(ids(twoDays.body)).toEqual([dayBefore.id, evening.id, lateEvening.id]);
    // Instants are taken as they are.
    const instants = await admin.get(
      `/api/admin/reservations?classCode=RSVD&from=${encodeURIComponent('2026-11-25T23:00:00Z')}&to=${encodeURIComponent('2026-11-26T05:15:00Z')}`,
    );
    expect(ids(instants.body)).toEqual([evening.id, lateEvening.id, nextDay.id]);
  });

  it('defaults to the Toronto day 7 days ago through the end of the Toronto day 30 days ahead', async () => {
    const classType = await createClassType(db(), { code: 'RSVE' });
    const family = await parentWithKids([['Kai', 7]]);
    const book = async (startsAt: Date) =>
      insertBooking({
        userId: family.id,
        sessionId: (await createSession(db(), { classTypeId: classType.id, startsAt })).id,
        kids: family.kids,
        createdAt: toronto(11, 1, 9),
      });
    // Today is Wednesday Nov 18 in Toronto (Nov 19 in UTC): the range is Nov 11 00:00 to Dec 18 23:59:59 Toronto.
    const tooEarly = await book(toronto(11, 10, 23, 30));
    const firstIn = await book(toronto(11, 11, 0, 30));
    const lastIn = await book(toronto(12, 18, 23, 30));
    const tooLate = await book(toronto(12, 19, 0, 30));

    const res = await admin.get('/api/admin/reservations?classCode=RSVE');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([firstIn.id, lastIn.id]);
    // Either edge may be given alone; the other keeps its default.
    expect(ids((await admin.get('/api/admin/reservations?classCode=RSVE&from=2026-11-01')).body)).toEqual([
      tooEarly.id,
      firstIn.id,
      lastIn.id,
    ]);
    expect(ids((await admin.get('/api/admin/reservations?classCode=RSVE&to=2026-12-31')).body)).toEqual([
      firstIn.id,
      lastIn.id,
      tooLate.id,
    ]);
  });

  it('refuses a bad range with a 400 naming the field', async () => {
    const backwards = await admin.get('/api/admin/reservations?from=2026-11-30&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('to: from must not be after to');
    expect((await admin.get('/api/admin/reservations?from=soon')).body.message).toBe('from: from must be an ISO date or date-time');
    expect((await admin.get('/api/admin/reservations?from=2026-01-01&to=2027-12-31')).body.message).toBe(
      'to: The date range cannot exceed 400 days',
    );
  });

  it('is for administrators only', async () => {
    const anonymous = await new ApiClient(server.baseUrl).get('/api/admin/reservations');
    expect(anonymous.status).toBe(401);
    const parent = new ApiClient(server.baseUrl);
    await parent.login('parent@example.com', 'parent-demo-1');
    const refused = await parent.get('/api/admin/reservations');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Administrator access required', code: 'FORBIDDEN' });
  });
});
