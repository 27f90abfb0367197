import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from '../../shared/schemas/settings';
import { torontoTime } from '../../shared/rules/week';
import { bookingChildren, bookings, emailOutbox, makeupCredits, officeActions, sessions } from '../db/schema';
import { renderTemplate } from '../mail/templates';
import { booked } from '../test-support/bookings';
import { at, NOW } from '../test-support/clock';
import { createClassType, createSession, signInNewParent } from '../test-support/fixtures';
import { withApi } from '../test-support/with-api';

// Issue 32, one child at a time: a cancellation or a move of some of a booking's children (docs/product-rules.md).
// The clock stands on Wednesday 2026-11-18 12:00 in Toronto unless a test moves it (the cut-off across the clock
// change of Sunday 2026-11-01).

let now = NOW;
const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now });
let classTypeId: string;
beforeAll(async () => {
  classTypeId = (await createClassType(server.database.db, { code: 'PCH', name: 'Per Child Class' })).id;
});
afterEach(async () => {
  now = NOW;
  await admin.request('PUT', '/api/admin/settings/policies', DEFAULT_POLICIES);
});

const db = () => server.database.db;
const newSession = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId, startsAt, capacity });
const bookedCount = async (sessionId: string) => (await db().select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.bookedCount;
const rowsOf = (bookingId: string) =>
  db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, bookingId)).orderBy(asc(bookingChildren.position));
const creditsOf = (childId: string) => db().select().from(makeupCredits).where(eq(makeupCredits.childId, childId));
const mails = async (email: string, template: string) =>
  (await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template))).orderBy(asc(emailOutbox.createdAt))).map(
    (row) => row.templateData as Record<string, unknown>,
  );
const childId = async (bookingId: string, name: string) => (await rowsOf(bookingId)).find((row) => row.childName === name)!.childId;
const reference = (id: string) => `NB-${id.slice(-8).toUpperCase()}`;
const render = (template: string, data: unknown) => renderTemplate(template, data, { businessName: 'Northbound', publicUrl: 'https://portal.example' });

describe('POST /api/bookings/:id/cancel with childNames', () => {
  it('cancels one of two children: the spot freed and given to the waitlist, the other child kept and counted, the reference kept', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 2],
      ['Leo', 2],
    ]);
    const other = await signInNewParent(server, [['Kai', 2]]);
    const session = await newSession(at(3, 17), 2);
    const bookingId = await booked(fam, session.id, ['Ava', 'Leo']);
    expect((await other.api.post(`/api/sessions/${session.id}/waitlist`, { childNames: ['Kai'] })).status).toBe(201);
    // A reminder already made for the booking (the worker makes them the day before): it will name who stays.
    await db()
      .insert(emailOutbox)
      .values({ toAddress: fam.email, template: 'booking-reminder', templateData: { childNames: ['Ava', 'Leo'] }, bookingId, nextAttemptAt: at(3, 9) });

    const res = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['leo'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: bookingId,
      reference: reference(bookingId),
      status: 'CONFIRMED',
      childNames: ['Ava'],
      childStates: [
        { name: 'Ava', state: 'booked' },
        { name: 'Leo', state: 'cancelled' },
      ],
      calendarSequence: 1,
    });
    // Leo's spot went to Kai, the one-child entry waiting.
    expect(await bookedCount(session.id)).toBe(2);
    const [kaiBooking] = await db().select().from(bookings).where(and(eq(bookings.sessionId, session.id), eq(bookings.familyId, other.id)));
    expect(kaiBooking).toMatchObject({ status: 'CONFIRMED', bookedBy: 'WAITLIST' });

    const [ava, leo] = await rowsOf(bookingId);
    expect(ava).toMatchObject({ childName: 'Ava', cancelledAt: null, cancellation: null });
    expect(leo).toMatchObject({ childName: 'Leo', cancelledAt: NOW, cancellation: 'EARLY' });
    // An early cancellation, credits on: a make-up credit for Leo.
    expect(await creditsOf(leo!.childId)).toMatchObject([{ reason: 'CANCELLATION', sourceBookingId: bookingId, usedBookingId: null }]);
    expect(await creditsOf(ava!.childId)).toEqual([]);

    // The e-mail names Leo, and Ava who stays.
    const [mail] = await mails(fam.email, 'booking-cancelled');
    expect(mail).toMatchObject({ cancelledChildNames: ['Leo'], childNames: ['Ava'] });
    expect(await mails(fam.email, 'booking-reminder')).toEqual([{ childNames: ['Ava'] }]);
    const message = render('booking-cancelled', mail);
    expect(message.subject).toMatch(/^Leo: place cancelled for Per Child Class on /);
    expect(message.text).toContain("Leo's place in this booking has been cancelled and the spot was released. Ava stays booked:");
    expect(message.text).toContain(`Booking reference: #${reference(bookingId)}`);

    // Ava still holds her week's use; Leo does not.
    const stats = await fam.api.get(`/api/me/child-stats?week=2026-11-18`);
    expect(stats.body.children).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Ava', used: 1 }), expect.objectContaining({ name: 'Leo', used: 0 })]),
    );
    const listed = (await fam.api.get('/api/me/bookings')).body.find((b: { id: string }) => b.id === bookingId);
    expect(listed).toMatchObject({ childNames: ['Ava'], status: 'CONFIRMED' });

    // Leo again: already cancelled; a name the booking does not have: 400.
    const again = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Leo'] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'CHILD_ALREADY_CANCELLED', message: "Leo's place in this booking is already cancelled" });
    const stranger = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Zoe', 'Ava'] });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual({ code: 'CHILD_NOT_IN_BOOKING', message: '"Zoe" is not a child of this booking' });
    expect((await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: [] })).status).toBe(400);

    // Ava, the last child: the booking is cancelled.
    const last = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Ava'] });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ id: bookingId, status: 'CANCELLED', childNames: ['Ava'] });
    expect(await bookedCount(session.id)).toBe(1);
  });

  it('without childNames, or naming every child, cancels the whole booking, each child stamped with the booking’s time', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 2],
      ['Leo', 2],
    ]);
    const session = await newSession(at(4, 17));
    const whole = await booked(fam, session.id, ['Ava', 'Leo']);
    const named = await booked(fam, (await newSession(at(4, 18))).id, ['Ava', 'Leo']);
    const first = await fam.api.post(`/api/bookings/${whole}/cancel`);
    expect(first.body).toMatchObject({ status: 'CANCELLED', childNames: ['Ava', 'Leo'] });
    const second = await fam.api.post(`/api/bookings/${named}/cancel`, { childNames: ['Leo', 'Ava'] });
    expect(second.body).toMatchObject({ id: named, status: 'CANCELLED', childNames: ['Ava', 'Leo'] });
    for (const id of [whole, named]) {
      const [booking] = await db().select().from(bookings).where(eq(bookings.id, id));
      expect((await rowsOf(id)).map((row) => [row.cancelledAt, row.cancellation])).toEqual([
        [booking!.cancelledAt, 'EARLY'],
        [booking!.cancelledAt, 'EARLY'],
      ]);
    }
    expect(await bookedCount(session.id)).toBe(0);
  });

  it('is idempotent with an Idempotency-Key (the key covers the body)', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 2],
      ['Leo', 2],
    ]);
    const session = await newSession(at(5, 9));
    const bookingId = await booked(fam, session.id, ['Ava', 'Leo']);
    const headers = { 'Idempotency-Key': `per-child-${bookingId}` };
    const first = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Leo'] }, headers);
    const repeat = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Leo'] }, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect((await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Ava'] }, headers)).status).toBe(422);
    expect(await bookedCount(session.id)).toBe(1);
  });
});

describe('POST /api/bookings/:id/reschedule with childNames', () => {
  it('moves one child into a booking of their own in the new session; the old booking keeps the other; limits of the new week checked', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 2],
      ['Leo', 1],
    ]);
    const thisWeek = await newSession(at(3, 17), 5);
    const nextMonday = await newSession(at(7, 17), 5);
    const nextTuesday = await newSession(at(8, 17), 5);
    const leoAlone = await booked(fam, nextMonday.id, ['Leo']);
    const bookingId = await booked(fam, thisWeek.id, ['Ava', 'Leo']);
    const leoId = await childId(bookingId, 'Leo');
    // The spot of Leo's used a make-up credit ending before next Tuesday's session: it cannot carry him past next week's
    // limit (makeup-credits.test.ts has the credits that do).
    await db()
      .insert(makeupCredits)
      .values({ familyId: fam.id, childId: leoId, reason: 'OFFICE', expiresAt: at(8, 0), usedBookingId: bookingId, usedAt: NOW });

    // Leo has used his one session of next week.
    const refused = await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: nextTuesday.id, childNames: ['Leo'] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WEEKLY_LIMIT_REACHED');
    expect(refused.body.message).toContain('Leo has reached the weekly limit');
    expect((await fam.api.post(`/api/bookings/${leoAlone}/cancel`)).status).toBe(200);

    const moved = await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: nextTuesday.id, childNames: ['LEO'] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ sessionId: nextTuesday.id, childNames: ['Leo'], status: 'CONFIRMED' });
    expect(moved.body.id).not.toBe(bookingId);
    expect(moved.body.reference).toBe(reference(moved.body.id));

    const mine = (await fam.api.get('/api/me/bookings')).body as Array<{ id: string; childNames: string[]; sessionId: string; calendarSequence: number }>;
    expect(mine.find((b) => b.id === bookingId)).toMatchObject({ sessionId: thisWeek.id, childNames: ['Ava'], calendarSequence: 1 });
    expect(await bookedCount(thisWeek.id)).toBe(1);
    expect(await bookedCount(nextTuesday.id)).toBe(1);
    expect((await rowsOf(bookingId)).map((row) => row.childName)).toEqual(['Ava']);
    // Next week has room for Leo now: the moved place needs no credit, and gives it back.
    expect((await creditsOf(leoId)).filter((credit) => credit.reason === 'OFFICE')).toMatchObject([{ usedBookingId: null, usedAt: null }]);
    const [mail] = await mails(fam.email, 'booking-rescheduled');
    expect(mail).toMatchObject({ booking: { childNames: ['Leo'] }, previous: { childNames: ['Leo'] }, remaining: { childNames: ['Ava'] } });
    const message = render('booking-rescheduled', mail);
    expect(message.text).toContain(`Leo has been moved from Per Child Class on `);
    expect(message.text).toContain(`Ava stays booked there (booking reference #${reference(bookingId)})`);
    expect(message.attachments).toHaveLength(2);

    // Naming every child the booking holds moves it in place.
    const whole = await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: nextMonday.id, childNames: ['Ava'] });
    expect(whole.body).toMatchObject({ id: bookingId, sessionId: nextMonday.id, childNames: ['Ava'] });
    expect(await bookedCount(thisWeek.id)).toBe(0);

    const bad = await fam.api.post(`/api/bookings/${bookingId}/reschedule`, { newSessionId: thisWeek.id, childNames: ['Leo'] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('CHILD_NOT_IN_BOOKING');
  });
});

describe('the cut-off, in Toronto time across the clock change of Sunday 2026-11-01', () => {
  it('is the start minus the policy’s hours as an instant: one ms before is EARLY (a credit, or the used one back), at it LATE (none)', async () => {
    // Wednesday 2026-10-28 12:00 (EDT); the session on Sunday 2026-11-01 at 10:00 (EST, after the clocks went back).
    now = torontoTime(2026, 10, 28, 12, 0);
    expect((await admin.request('PUT', '/api/admin/settings/policies', { ...DEFAULT_POLICIES, cancellationCutoffHours: 24 })).status).toBe(200);
    const session = await newSession(torontoTime(2026, 11, 1, 10, 0));
    const fam = await signInNewParent(server, [
      ['Ava', 3],
      ['Leo', 3],
      ['Mia', 3],
    ]);
    const bookingId = await booked(fam, session.id, ['Ava', 'Leo', 'Mia']);
    const [avaId, leoId, miaId] = (await rowsOf(bookingId)).map((row) => row.childId);
    const cutoff = new Date(session.startsAt.getTime() - 24 * 3_600_000);
    // Saturday 11:00 EDT: 24 hours of the clock before Sunday 10:00 EST, not 10:00 (the day has 25 hours).
    expect(cutoff.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    const [credit] = await db()
      .insert(makeupCredits)
      .values({ familyId: fam.id, childId: miaId!, reason: 'OFFICE', expiresAt: torontoTime(2026, 11, 20, 0, 0), usedBookingId: bookingId, usedAt: now })
      .returning();

    // Saturday 10:30 EDT: past 10:00 on the wall clock, yet 24.5 hours ahead: EARLY, and Mia's credit comes back.
    now = new Date(cutoff.getTime() - 30 * 60_000);
    expect((await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Mia'] })).status).toBe(200);
    expect(await creditsOf(miaId!)).toEqual([expect.objectContaining({ id: credit!.id, usedBookingId: null, usedAt: null })]);

    now = new Date(cutoff.getTime() - 1);
    const early = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Leo'] });
    expect(early.body.childStates).toEqual([
      { name: 'Ava', state: 'booked' },
      { name: 'Leo', state: 'cancelled' },
      { name: 'Mia', state: 'cancelled' },
    ]);
    expect(await creditsOf(leoId!)).toMatchObject([{ reason: 'CANCELLATION', sourceBookingId: bookingId, createdAt: now }]);

    now = cutoff;
    const late = await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Ava'] });
    expect(late.body).toMatchObject({ status: 'CANCELLED', childNames: ['Ava'] });
    expect(await creditsOf(avaId!)).toEqual([]);
    expect((await rowsOf(bookingId)).map((row) => [row.childName, row.cancellation])).toEqual([
      ['Ava', 'LATE'],
      ['Leo', 'EARLY'],
      ['Mia', 'EARLY'],
    ]);
    const listed = (await fam.api.get('/api/me/bookings')).body.find((b: { id: string }) => b.id === bookingId);
    expect(listed.childStates).toEqual([
      { name: 'Ava', state: 'late-cancellation' },
      { name: 'Leo', state: 'cancelled' },
      { name: 'Mia', state: 'cancelled' },
    ]);
  });
});

describe('the front desk with childNames', () => {
  it('cancels and moves one child for the family, the actions recorded with the child', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 3],
      ['Leo', 3],
      ['Mia', 3],
    ]);
    const session = await newSession(at(4, 9));
    const later = await newSession(at(22, 9));
    const bookingId = await booked(fam, session.id, ['Ava', 'Leo', 'Mia']);

    const cancelled = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { childNames: ['Leo'], note: 'Called in sick' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: bookingId, childNames: ['Ava', 'Mia'], status: 'CONFIRMED' });

    // Three weeks ahead: only the office may, and Mia gets an office booking of her own.
    const moved = await admin.post(`/api/admin/bookings/${bookingId}/reschedule`, { newSessionId: later.id, childNames: ['Mia'], note: 'Moved by phone' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ sessionId: later.id, childNames: ['Mia'], bookedBy: 'OFFICE', bookedByName: 'Adam Archer', note: 'Moved by phone' });
    expect(moved.body.id).not.toBe(bookingId);
    expect(await bookedCount(session.id)).toBe(1);
    expect(await bookedCount(later.id)).toBe(1);

    const actions = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id)).orderBy(asc(officeActions.createdAt));
    expect(actions.map((a) => [a.action, (a.details as { childNames: string[] }).childNames])).toEqual([
      ['CANCEL', ['Leo']],
      ['RESCHEDULE', ['Mia']],
    ]);

    const bad = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { childNames: ['Zoe', 'Max'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'CHILD_NOT_IN_BOOKING', message: '"Zoe", "Max" are not children of this booking' });
    const gone = await admin.post(`/api/admin/bookings/${bookingId}/reschedule`, { newSessionId: later.id, childNames: ['Leo'] });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('CHILD_ALREADY_CANCELLED');
  });
});

describe('a child cancelled alone, at the door and on the roster', () => {
  it('is gone from the roster, the door lookup and check-in; the child who stays is there', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 3],
      ['Leo', 3],
    ]);
    const session = await newSession(at(2, 17));
    const bookingId = await booked(fam, session.id, ['Ava', 'Leo']);
    const leoId = await childId(bookingId, 'Leo');
    const avaId = await childId(bookingId, 'Ava');
    expect((await fam.api.post(`/api/bookings/${bookingId}/cancel`, { childNames: ['Leo'] })).status).toBe(200);

    const roster = await admin.get(`/api/admin/sessions/${session.id}/roster`);
    expect(roster.body.children.map((kid: { childName: string }) => kid.childName)).toEqual(['Ava']);
    const door = await admin.post('/api/admin/check-in/lookup', { sessionId: session.id, reference: reference(bookingId) });
    expect(door.status, JSON.stringify(door.body)).toBe(200);
    expect(door.body.children.map((kid: { childName: string }) => kid.childName)).toEqual(['Ava']);
    expect((await admin.post('/api/admin/check-in', { bookingId, childId: leoId })).status).toBe(404);
    expect((await admin.post('/api/admin/check-in', { bookingId, childId: avaId })).status).toBe(200);
  });
});
