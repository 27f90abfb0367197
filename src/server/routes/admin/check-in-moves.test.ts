import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { torontoTime } from '../../../shared/rules/week';
import { bookingChildren, bookings, users } from '../../db/schema';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import { withApi } from '../../test-support/with-api';

// Issue 29, items 3 and 12 (docs/product-rules.md "Check-in at the door", "Booking (parents)", "The front desk").
// The clock is Wednesday 2026-11-25 16:00 in Toronto: today's 17:30 session is open at the door and not started.
const NOW = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });
const db = () => server.database.db;

async function session(name: string, startsAt: Date, capacity = 10) {
  return createSession(db(), { classTypeId: (await createClassType(db(), { name })).id, startsAt, capacity });
}
const family = (kids: Array<[string, number]>) => signInNewParent(server, kids);
const childrenOn = (bookingId: string) => db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, bookingId)).orderBy(bookingChildren.position);
const bookingRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const answer = (res: { status: number; body: { message?: string } }) => ({ status: res.status, message: res.body.message });

describe('a child checked in at the door stays with their session (item 3)', () => {
  it('refuses to move or cancel the booking, for the office and the family, until the office undoes the check-in', async () => {
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 17, 30).getTime()));
    const tomorrow = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 26, 17, 30).getTime()));
    const fam = await family([
      ['Ava', 7],
      ['Leo', 7],
    ]);
    const booked = await fam.api.post('/api/bookings', { sessionId: today.id, childNames: ['Ava', 'Leo'] });
    expect(booked.status).toBe(201);
    const bookingId = booked.body.id as string;
    const [ava] = await childrenOn(bookingId);
    expect((await admin.post('/api/admin/check-in', { bookingId, childId: ava!.childId })).status).toBe(200);

    const officeSays = 'Ava was checked in at the door for this session; undo the check-in first.';
    const familySays =
      'Ava was checked in at the door for this session, so this booking can no longer be changed or cancelled here. Please ask at the front desk.';
    expect(answer(await admin.post(`/api/admin/bookings/${bookingId}/reschedule`, { newSessionId: tomorrow.id }))).toEqual({ status: 409, message: officeSays });
    expect(answer(await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { note: 'Going home' }))).toEqual({ status: 409, message: officeSays });
    expect(answer(await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: tomorrow.id }))).toEqual({ status: 409, message: familySays });
    expect(answer(await fam.api.post(`/api/bookings/${bookingId}/cancel`))).toEqual({ status: 409, message: familySays });
    // Nothing moved: the booking is today's, confirmed, and Ava's check-in is still there.
    expect(await bookingRow(bookingId)).toMatchObject({ sessionId: today.id, status: 'CONFIRMED' });
    expect((await childrenOn(bookingId)).map((c) => [c.childName, c.checkedInAt !== null])).toEqual([
      ['Ava', true],
      ['Leo', false],
    ]);
    // Closing the family's account cancels its upcoming bookings: refused the same way, and nothing is deleted.
    const closing = await admin.request('DELETE', `/api/admin/users/${fam.id}?cancelUpcomingBookings=true`);
    expect(answer(closing)).toEqual({ status: 409, message: officeSays });
    expect((await db().select().from(users).where(eq(users.id, fam.id)))[0]!.deletedAt).toBeNull();

    // Undone at the door, the booking moves, and arrives at tomorrow's session with nobody checked in.
    expect((await admin.post('/api/admin/check-in/undo', { bookingId, childId: ava!.childId })).status).toBe(200);
    const moved = await admin.post(`/api/admin/bookings/${bookingId}/reschedule`, { newSessionId: tomorrow.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await childrenOn(bookingId)).every((c) => c.checkedInAt === null)).toBe(true);
  });

  it('names every child checked in', async () => {
    const today = await session('Power Lab', new Date(torontoTime(2026, 11, 25, 18, 30).getTime()));
    const fam = await family([
      ['Maya', 7],
      ['Noor', 7],
    ]);
    const booked = await fam.api.post('/api/bookings', { sessionId: today.id, childNames: ['Maya', 'Noor'] });
    for (const child of await childrenOn(booked.body.id)) {
      expect((await admin.post('/api/admin/check-in', { bookingId: booked.body.id, childId: child.childId })).status).toBe(200);
    }
    expect(answer(await admin.post(`/api/admin/bookings/${booked.body.id}/cancel`, {}))).toEqual({
      status: 409,
      message: 'Maya and Noor were checked in at the door for this session; undo the check-in first.',
    });
  });
});

describe('a move inside the same Toronto week adds nothing to the week (item 12)', () => {
  // Next week (Monday 2026-11-30 to Sunday 2026-12-06), and the week after.
  const nextWeek = (day: number, hour: number) => new Date(torontoTime(2026, 11, 30 + day, hour).getTime());

  it('the office moves a booking of a child already over the limit by an override, inside the week, without overriding again', async () => {
    const monday = await session('Speed & Agility', nextWeek(0, 17));
    const tuesday = await session('Speed & Agility', nextWeek(1, 17));
    const thursday = await session('Speed & Agility', nextWeek(3, 17));
    const weekAfter = await session('Speed & Agility', new Date(torontoTime(2026, 12, 8, 17).getTime()));
    const fam = await family([['Leo', 1]]);
    expect((await fam.api.post('/api/bookings', { sessionId: monday.id, childNames: ['Leo'] })).status).toBe(201);
    const second = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: tuesday.id,
      childNames: ['Leo'],
      overrideWeeklyLimit: true,
      note: 'Make-up class',
    });
    expect(second.status).toBe(201);

    // Leo has 2 of 1 that week: moving Tuesday's booking to Thursday keeps it at 2.
    const moved = await admin.post(`/api/admin/bookings/${second.body.id}/reschedule`, { newSessionId: thursday.id, note: 'Moved to Thursday' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.sessionId).toBe(thursday.id);
    // The family may do the same with its own booking.
    const own = await fam.api.post(`/api/bookings/${moved.body.id}/reschedule`, { newSessionId: tuesday.id });
    expect(own.status, JSON.stringify(own.body)).toBe(200);

    // Into another week the limit holds as before: Monday's booking moves to the week after (Leo has none there), then
    // the other one cannot follow it into that week without an override.
    const mondayBooking = (await db().select().from(bookings).where(eq(bookings.sessionId, monday.id)))[0]!;
    expect((await admin.post(`/api/admin/bookings/${mondayBooking.id}/reschedule`, { newSessionId: weekAfter.id })).status).toBe(200);
    const weekAfterThursday = await session('Speed & Agility', new Date(torontoTime(2026, 12, 10, 17).getTime()));
    expect(answer(await admin.post(`/api/admin/bookings/${own.body.id}/reschedule`, { newSessionId: weekAfterThursday.id }))).toEqual({
      status: 409,
      message: 'Leo has reached the weekly limit of 1 session for that week. To book anyway, tick "Override weekly limit" and add a note.',
    });
    const overridden = await admin.post(`/api/admin/bookings/${own.body.id}/reschedule`, {
      newSessionId: weekAfterThursday.id,
      overrideWeeklyLimit: true,
      note: 'Two sessions that week, agreed with the coach',
    });
    expect(overridden.status).toBe(200);
  });
});
