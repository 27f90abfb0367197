import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from '../../../shared/schemas/settings';
import { bookingChildren, bookings, closures, emailOutbox, makeupCredits, sessions, waitlistEntries } from '../../db/schema';
import { booked } from '../../test-support/bookings';
import { at, NOW } from '../../test-support/clock';
import { createSession, signInNewGuardian, signInNewParent } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// Issue 32, closures, through HTTP: the server's clock on Wednesday 2026-11-18 12:00 Toronto (the booking window is
// Monday Nov 16 to Sunday Nov 29). Each test closes days of its own (closures may not overlap).

let now = NOW;
const {
  server,
  classType,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now, classType: 'Closure Class', env: { BUSINESS_NAME: 'Test Athletics' } });
beforeEach(() => {
  now = NOW;
});
// The demo data's sessions are out of the way: the counts below are of this file's sessions only.
beforeAll(async () => {
  await server.database.db.update(sessions).set({ status: 'CANCELLED' });
});

const db = () => server.database.db;
const session = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId: classType.id, startsAt, capacity });
const sessionRow = async (id: string) => (await db().select().from(sessions).where(eq(sessions.id, id)))[0]!;
const closeDays = (startDate: string, endDate: string, reason = 'Snow day') => admin.post('/api/admin/closures', { startDate, endDate, reason });
const closedMail = (reason: string) =>
  db().select().from(emailOutbox).where(like(emailOutbox.subject, `Closed: ${reason}`)).orderBy(asc(emailOutbox.toAddress));
const creditsOf = (familyId: string) => db().select().from(makeupCredits).where(eq(makeupCredits.familyId, familyId));
const setPolicies = (policies: Partial<typeof DEFAULT_POLICIES>) => admin.request('PUT', '/api/admin/settings/policies', { ...DEFAULT_POLICIES, ...policies });

describe('POST /api/admin/closures', () => {
  it('cancels every session of the days, its bookings and waiting entries; one email per family; a credit per booked child', async () => {
    // Monday Nov 23 and Tuesday Nov 24 close; Sunday Nov 22 and Wednesday Nov 25 stay open.
    const monday = await session(at(7, 18));
    const tuesday = await session(at(8, 18));
    const full = await session(at(8, 10), 1);
    const sunday = await session(at(6, 18));
    const wednesday = await session(at(9, 18));
    const family = await signInNewParent(server, [['Ava', 3], ['Leo', 3]]);
    const guardian = await signInNewGuardian(server, family.id, { firstName: 'Sam', copyMe: false });
    const other = await signInNewParent(server, [['Zoe', 3]]);
    const fullFamily = await signInNewParent(server, [['Kim', 3]]);
    const waiting = await signInNewParent(server, [['Max', 3]]);
    const avaMonday = await booked(family, monday.id, ['Ava']);
    const bothTuesday = await booked(family, tuesday.id, ['Ava', 'Leo']);
    const zoeMonday = await booked(other, monday.id, ['Zoe']);
    const kim = await booked(fullFamily, full.id, ['Kim']);
    expect((await waiting.api.post(`/api/sessions/${full.id}/waitlist`, { childNames: ['Max'] })).status).toBe(201);
    const untouched = [await booked(family, sunday.id, ['Ava']), await booked(other, wednesday.id, ['Zoe'])];
    await server.app.emailWorker.idle();

    const res = await closeDays('2026-11-23', '2026-11-24');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      closure: { id: expect.any(String), startDate: '2026-11-23', endDate: '2026-11-24', reason: 'Snow day', createdAt: NOW.toISOString(), createdByName: expect.any(String) },
      sessions: 3,
      bookings: 4,
      families: 4,
      waitlistEntries: 1,
      credits: 5,
    });

    for (const s of [monday, tuesday, full]) expect(await sessionRow(s.id)).toMatchObject({ status: 'CANCELLED', bookedCount: 0, waitlistCount: 0 });
    for (const s of [sunday, wednesday]) expect(await sessionRow(s.id)).toMatchObject({ status: 'SCHEDULED', bookedCount: 1 });
    const rows = await db().select().from(bookings).where(inArray(bookings.id, [avaMonday, bothTuesday, zoeMonday, kim, ...untouched]));
    const statusOf = (id: string) => rows.find((b) => b.id === id)!;
    for (const id of [avaMonday, bothTuesday, zoeMonday, kim]) expect(statusOf(id)).toMatchObject({ status: 'CANCELLED', calendarSequence: 1 });
    for (const id of untouched) expect(statusOf(id)).toMatchObject({ status: 'CONFIRMED', calendarSequence: 0 });
    const kids = await db().select().from(bookingChildren).where(inArray(bookingChildren.bookingId, [avaMonday, bothTuesday, zoeMonday, kim]));
    expect(kids).toHaveLength(5);
    for (const kid of kids) expect(kid).toMatchObject({ cancellation: 'CLOSURE', cancelledAt: NOW });
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.familyId, waiting.id));
    expect(entry).toMatchObject({ status: 'EXPIRED' });

    // Credits: one per booked child and booking, CLOSURE, from the closed booking.
    const familyCredits = await creditsOf(family.id);
    expect(familyCredits.map((c) => [c.reason, c.sourceBookingId]).sort()).toEqual(
      [['CLOSURE', avaMonday], ['CLOSURE', bothTuesday], ['CLOSURE', bothTuesday]].sort(),
    );
    expect(await creditsOf(other.id)).toHaveLength(1);
    expect(await creditsOf(waiting.id)).toHaveLength(0);

    // ONE e-mail per family, to every guardian (the office acted: copies or not), listing every session of the family.
    const mail = await closedMail('Snow day');
    expect(mail.map((m) => m.toAddress).sort()).toEqual([family.email, guardian.email, other.email, fullFamily.email, waiting.email].sort());
    const familyMail = mail.find((m) => m.toAddress === family.email)!;
    expect(familyMail.subject).toBe('Closed: Snow day');
    expect(familyMail.textBody).toContain('We are closed on Monday, November 23, 2026 to Tuesday, November 24, 2026: Snow day.');
    expect(familyMail.textBody).toContain('Closure Class, Monday, November 23, 2026, 6:00 PM - 7:00 PM (Toronto time) at Main Gym - Ava');
    expect(familyMail.textBody).toContain('Closure Class, Tuesday, November 24, 2026, 6:00 PM - 7:00 PM (Toronto time) at Main Gym - Ava, Leo');
    expect(familyMail.textBody).toContain('3 make-up credits');
    expect(familyMail.attachments).toHaveLength(2);
    const waitingMail = mail.find((m) => m.toAddress === waiting.email)!;
    expect(waitingMail.textBody).toContain('Your places on the waiting lists of these sessions have ended');
    expect(waitingMail.textBody).toContain('Max');
    expect(waitingMail.attachments ?? []).toHaveLength(0);

    // The parents' calendar: the closure is listed; the bookings read as cancelled.
    const listed = await family.api.get('/api/closures');
    expect(listed.status).toBe(200);
    expect(listed.body.closures).toEqual([{ id: res.body.closure.id, startDate: '2026-11-23', endDate: '2026-11-24', reason: 'Snow day', createdAt: NOW.toISOString() }]);
    const mine = (await family.api.get('/api/me/bookings')).body as Array<{ id: string; status: string }>;
    expect(mine.find((b) => b.id === bothTuesday)!.status).toBe('CANCELLED');
  });

  it('gives no credit while make-up credits are off', async () => {
    const s = await session(at(10, 18)); // Thursday Nov 26
    const family = await signInNewParent(server, [['Ava', 3]]);
    await booked(family, s.id, ['Ava']);
    expect((await setPolicies({ makeupCreditsEnabled: false })).status).toBe(200);
    try {
      const res = await closeDays('2026-11-26', '2026-11-26', 'Power cut');
      expect(res.body).toMatchObject({ sessions: 1, bookings: 1, families: 1, credits: 0 });
      expect(await creditsOf(family.id)).toHaveLength(0);
      expect((await closedMail('Power cut'))[0]!.textBody).not.toContain('make-up credit');
    } finally {
      expect((await setPolicies({})).status).toBe(200);
    }
  });

  it('changes nothing when one statement fails (the whole closure is one unit of work)', async () => {
    const a = await session(at(11, 18)); // Friday Nov 27
    const b = await session(at(11, 19));
    const family = await signInNewParent(server, [['Ava', 3]]);
    const other = await signInNewParent(server, [['Zoe', 3]]);
    const first = await booked(family, a.id, ['Ava']);
    const second = await booked(other, b.id, ['Zoe']);
    const waiting = await signInNewParent(server, [['Max', 3]]);
    await db().update(sessions).set({ capacity: 1 }).where(eq(sessions.id, b.id));
    expect((await waiting.api.post(`/api/sessions/${b.id}/waitlist`, { childNames: ['Max'] })).status).toBe(201);
    // A trigger of this test fails the second booking's update, after the sessions, children and first booking changed.
    await db().execute(sql.raw('create sequence closure_test_updates'));
    await db().execute(
      sql.raw(`create function closure_test_fail() returns trigger language plpgsql as $$
      begin
        if nextval('closure_test_updates') >= 2 then raise exception 'injected failure'; end if;
        return new;
      end $$`),
    );
    await db().execute(sql.raw('create trigger closure_test_fail after update on bookings for each row execute function closure_test_fail()'));
    try {
      const res = await closeDays('2026-11-27', '2026-11-27', 'Broken pipe');
      expect(res.status).toBe(500);
    } finally {
      await db().execute(sql.raw('drop trigger closure_test_fail on bookings'));
      await db().execute(sql.raw('drop function closure_test_fail()'));
      await db().execute(sql.raw('drop sequence closure_test_updates'));
    }
    for (const s of [a, b]) expect(await sessionRow(s.id)).toMatchObject({ status: 'SCHEDULED', bookedCount: 1, cancelledAt: null });
    expect((await sessionRow(b.id)).waitlistCount).toBe(1);
    const rows = await db().select().from(bookings).where(inArray(bookings.id, [first, second]));
    for (const row of rows) expect(row).toMatchObject({ status: 'CONFIRMED', calendarSequence: 0, cancelledAt: null });
    const kids = await db().select().from(bookingChildren).where(inArray(bookingChildren.bookingId, [first, second]));
    for (const kid of kids) expect(kid).toMatchObject({ cancelledAt: null, cancellation: null });
    expect(await db().select().from(closures).where(eq(closures.reason, 'Broken pipe'))).toEqual([]);
    expect(await closedMail('Broken pipe')).toEqual([]);
    expect([...(await creditsOf(family.id)), ...(await creditsOf(other.id))]).toEqual([]);
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.familyId, waiting.id));
    expect(entry).toMatchObject({ status: 'WAITING' });

    // Once the fault is gone the same closure goes through.
    expect((await closeDays('2026-11-27', '2026-11-27', 'Broken pipe')).body).toMatchObject({ sessions: 2, bookings: 2, families: 3 });
  });

  it('refuses overlapping days, past days, a reversed or too long range, and a reason that is missing or too long', async () => {
    expect((await closeDays('2026-12-07', '2026-12-09', 'Holiday')).status).toBe(201);
    const overlap = await closeDays('2026-12-09', '2026-12-10', 'Other');
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ code: 'CLOSURE_OVERLAP', message: expect.stringContaining('Holiday') });
    const past = await closeDays('2026-11-17', '2026-11-18', 'Late');
    expect(past.body).toMatchObject({ code: 'CLOSURE_IN_PAST' });
    expect(past.status).toBe(400);
    for (const body of [
      { startDate: '2026-12-20', endDate: '2026-12-19', reason: 'x' },
      { startDate: '2027-01-01', endDate: '2027-02-01', reason: 'x' },
      { startDate: '2027-01-01', endDate: '2027-01-01', reason: ' ' },
      { startDate: '2027-01-01', endDate: '2027-01-01', reason: 'x'.repeat(101) },
      { startDate: '2027-02-30', endDate: '2027-03-01', reason: 'x' },
      { startDate: '2027-01-01', endDate: '2027-01-01', reason: 'a\u202eb' },
    ]) {
      const refused = await admin.post('/api/admin/closures', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    // Today is not past: a session that already started today is history and stays as it is.
    now = at(2, 12, 20);
    const started = await session(at(2, 12, 10));
    const later = await session(at(2, 20));
    expect((await closeDays('2026-11-18', '2026-11-18', 'Storm')).body).toMatchObject({ sessions: 1 });
    expect((await sessionRow(started.id)).status).toBe('SCHEDULED');
    expect((await sessionRow(later.id)).status).toBe('CANCELLED');
  });

  it('previews what closing would touch', async () => {
    const s = await session(at(12, 10)); // Saturday Nov 28
    const family = await signInNewParent(server, [['Ava', 3], ['Leo', 3]]);
    await booked(family, s.id, ['Ava', 'Leo']);
    const preview = await admin.get('/api/admin/closures/preview?startDate=2026-11-28&endDate=2026-11-28');
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ sessions: 1, bookings: 1, families: 1, waitlistEntries: 0, overlaps: null });
  });
});

describe('closed days and new sessions', () => {
  it('a single create on a closed day is refused until the day is reopened; bulk creation skips closed days', async () => {
    const closed = await closeDays('2026-12-14', '2026-12-15', 'Family Day');
    expect(closed.status).toBe(201);
    const single = await admin.post('/api/admin/sessions', { classTypeId: classType.id, startsAt: '2026-12-15T18:00', endsAt: '2026-12-15T19:00' });
    expect(single.status).toBe(409);
    expect(single.body).toMatchObject({ code: 'DAY_CLOSED', message: 'Tue, Dec 15 is closed (Family Day). Reopen the day first to add a session on it.' });

    const bulk = await admin.post('/api/admin/sessions/bulk', {
      classTypeId: classType.id,
      startDate: '2026-12-13',
      endDate: '2026-12-17',
      startTime: '18:00',
      endTime: '19:00',
      pattern: 'daily',
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body).toMatchObject({ count: 3, skippedClosedDays: 2 });
    const allClosed = await admin.post('/api/admin/sessions/bulk', {
      classTypeId: classType.id,
      startDate: '2026-12-14',
      endDate: '2026-12-15',
      startTime: '10:00',
      endTime: '11:00',
      pattern: 'daily',
    });
    expect(allClosed.status).toBe(409);
    expect(allClosed.body.code).toBe('DAY_CLOSED');

    // Nor can a session be moved onto a closed day.
    const movable = await admin.post('/api/admin/sessions', { classTypeId: classType.id, startsAt: '2026-12-16T20:00', endsAt: '2026-12-16T21:00' });
    expect(movable.status).toBe(201);
    const moved = await admin.request('PUT', `/api/admin/sessions/${movable.body.id}`, {
      classTypeId: classType.id,
      startsAt: '2026-12-14T18:00',
      endsAt: '2026-12-14T19:00',
      capacity: 10,
      location: 'Main Gym',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('DAY_CLOSED');

    // Reopening: the days take sessions again; the list no longer has the closure.
    const reopened = await admin.request('DELETE', `/api/admin/closures/${closed.body.closure.id}`);
    expect(reopened.status).toBe(200);
    expect((await admin.post('/api/admin/sessions', { classTypeId: classType.id, startsAt: '2026-12-15T18:00', endsAt: '2026-12-15T19:00' })).status).toBe(201);
    expect((await admin.get('/api/admin/closures')).body.closures.map((c: { id: string }) => c.id)).not.toContain(closed.body.closure.id);
    expect((await admin.request('DELETE', `/api/admin/closures/${closed.body.closure.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', '/api/admin/closures/not-an-id')).status).toBe(404);
  });

  it('reopening leaves the cancelled sessions cancelled and the credits given', async () => {
    const s = await session(at(13, 10)); // Sunday Nov 29
    const family = await signInNewParent(server, [['Ava', 3]]);
    await booked(family, s.id, ['Ava']);
    const closed = await closeDays('2026-11-29', '2026-11-29', 'Ice');
    expect((await admin.request('DELETE', `/api/admin/closures/${closed.body.closure.id}`)).status).toBe(200);
    expect((await sessionRow(s.id)).status).toBe('CANCELLED');
    expect(await creditsOf(family.id)).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('GET /api/closures lists the closures not over yet, for a parent; the office routes are 403 for a parent and 401 signed out', async () => {
    const parent = await signInNewParent(server, [['Ava', 3]]);
    const anonymous = new ApiClient(server.baseUrl);
    const list = await parent.api.get('/api/closures');
    expect(list.status).toBe(200);
    for (const c of list.body.closures as Array<{ endDate: string }>) expect(c.endDate >= '2026-11-18').toBe(true);
    expect((await anonymous.get('/api/closures')).status).toBe(401);
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', '/api/admin/closures'],
      ['GET', '/api/admin/closures/preview?startDate=2026-12-01&endDate=2026-12-01'],
      ['POST', '/api/admin/closures'],
      ['DELETE', `/api/admin/closures/${id}`],
    ] as const) {
      const body = method === 'POST' ? { startDate: '2027-03-01', endDate: '2027-03-01', reason: 'x' } : method === 'GET' ? undefined : {};
      expect((await parent.api.request(method, path, body)).status, path).toBe(403);
      expect((await anonymous.request(method, path, body)).status, path).toBe(401);
    }
  });
});

describe('a parent cancels while the office closes the day', () => {
  it('both succeed or one is refused cleanly; spots and credits add up', async () => {
    // Thursday Nov 19 to Saturday Nov 21, 18:00; the parent's cancel sent at once, then a little after the closure, so
    // that either may take the session's lock first
    // (on PostgreSQL, runs have answered 200 then 409, 409: both orders).
    for (const [day, offset, delay] of [['2026-11-19', 3, 0], ['2026-11-20', 4, 40], ['2026-11-21', 5, 120]] as const) {
      const s = await session(at(offset, 18));
      const family = await signInNewParent(server, [['Ava', 3]]);
      const id = await booked(family, s.id, ['Ava']);
      const later = new Promise((resolve) => setTimeout(resolve, delay)).then(() => family.api.post(`/api/bookings/${id}/cancel`));
      const [cancel, close] = await Promise.all([later, closeDays(day, day, `Race ${day}`)]);
      expect(close.status, JSON.stringify(close.body)).toBe(201);
      expect([200, 409], JSON.stringify(cancel.body)).toContain(cancel.status);
      const row = await sessionRow(s.id);
      expect(row).toMatchObject({ status: 'CANCELLED', bookedCount: 0 });
      const [kid] = await db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, id));
      const [bookingRow] = await db().select().from(bookings).where(eq(bookings.id, id));
      expect(bookingRow!.status).toBe('CANCELLED');
      const closureCredits = (await creditsOf(family.id)).filter((c) => c.reason === 'CLOSURE');
      if (cancel.status === 200) {
        // The parent's cancellation came first: the closure found no booking of this family.
        expect(close.body).toMatchObject({ sessions: 1, bookings: 0, credits: 0 });
        expect(closureCredits).toHaveLength(0);
      } else {
        expect(cancel.body.code).toBe('ALREADY_CANCELLED');
        expect(close.body).toMatchObject({ sessions: 1, bookings: 1, credits: 1 });
        expect(kid).toMatchObject({ cancellation: 'CLOSURE' });
        expect(closureCredits).toHaveLength(1);
      }
      expect((await creditsOf(family.id)).length).toBeLessThanOrEqual(1);
      const mail = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, family.email), like(emailOutbox.subject, 'Closed: %')));
      expect(mail).toHaveLength(cancel.status === 200 ? 0 : 1);
    }
  });
});
