import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../../shared/product';
import { torontoTime } from '../../../shared/rules/week';
import { bookingChildren } from '../../db/schema';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// Issue 22, check-in at the door. The clock starts on Wednesday 2026-11-25 at 16:00 in Toronto (21:00 UTC) and is
// moved by some tests (`at`); sessions are made around it.
const WEDNESDAY_4PM = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
let now = WEDNESDAY_4PM;
const at = (year: number, month: number, day: number, hour: number, minute = 0) => {
  now = new Date(torontoTime(year, month, day, hour, minute).getTime());
};

const {
  server,
  clients: { admin, owner },
  // The clock moves by hours and days here: the office's sign-ins must not end for being idle (60 minutes by default).
} = withApi({ as: ['admin', 'owner'], clock: () => now, env: { ADMIN_SESSION_IDLE_MINUTES: '10080' } });
const db = () => server.database.db;

async function classNamed(name: string) {
  return createClassType(db(), { name });
}
/** A session of `className` at `startsAt` (a Toronto time). */
async function session(className: string, startsAt: Date) {
  return createSession(db(), { classTypeId: (await classNamed(className)).id, startsAt, capacity: 10 });
}
/** A family with the given children that books them into the session (at the current clock). */
async function familyBooked(sessionId: string, kids: string[]) {
  const fam = await signInNewParent(server, kids.map((name) => [name, 7] as [string, number]));
  const res = await fam.api.post('/api/bookings', { sessionId, childNames: kids });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...fam, bookingId: res.body.id as string, reference: bookingReference(res.body.id as string) };
}
const lookup = (sessionId: string, reference: string, as = admin) => as.post('/api/admin/check-in/lookup', { sessionId, reference });
const checkIn = (bookingId: string, childId: string, as = admin) => as.post('/api/admin/check-in', { bookingId, childId });
const records = (bookingId: string) => db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, bookingId));

describe('POST /api/admin/check-in/lookup: a reference at the door', () => {
  it('finds a confirmed booking of the session however the reference is written, with each child not yet present', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 17, 30).getTime()));
    const fam = await familyBooked(today.id, ['Ava', 'Leo']);
    const ending = fam.reference.slice(3);
    for (const typed of [fam.reference, ending.toLowerCase(), ` nb ${ending.slice(0, 4)} ${ending.slice(4)} `, `NB${ending}`]) {
      const res = await lookup(today.id, typed);
      expect(res.status, typed).toBe(200);
      expect(res.body.booking).toMatchObject({ id: fam.bookingId, reference: fam.reference, sessionId: today.id, familyName: 'Test Parent', email: fam.email });
      expect(res.body.children.map((c: { childName: string; checkedInAt: string | null }) => [c.childName, c.checkedInAt])).toEqual([
        ['Ava', null],
        ['Leo', null],
      ]);
    }
  });

  it('refuses a booking of another session, naming its class and Toronto time', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 17, 30).getTime()));
    const laterToday = await session('Speed & Agility', new Date(torontoTime(2026, 11, 25, 19, 0).getTime()));
    const tomorrow = await session('Power Lab', new Date(torontoTime(2026, 11, 26, 17, 30).getTime()));
    const evening = await familyBooked(laterToday.id, ['Maya']);
    const thursday = await familyBooked(tomorrow.id, ['Noor']);

    const res = await lookup(today.id, evening.reference);
    expect([res.status, res.body.message]).toEqual([409, `${evening.reference} is for Speed & Agility on Wed, Nov 25 at 7:00 PM, not this session.`]);
    const nextDay = await lookup(today.id, thursday.reference);
    expect([nextDay.status, nextDay.body.message]).toEqual([409, `${thursday.reference} is for Power Lab on Thu, Nov 26 at 5:30 PM, not this session.`]);
  });

  it('refuses a session that is not today in Toronto: yesterday’s, tomorrow’s, and one just past midnight while UTC says otherwise', async () => {
    at(2026, 11, 24, 12);
    const yesterday = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 24, 17, 30).getTime()));
    const past = await familyBooked(yesterday.id, ['Ava']);
    now = WEDNESDAY_4PM;
    const tomorrow = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 26, 17, 30).getTime()));
    const ahead = await familyBooked(tomorrow.id, ['Leo']);

    const closed = await lookup(yesterday.id, past.reference);
    expect([closed.status, closed.body.message]).toEqual([409, 'This session was on Tue, Nov 24: check-in is open on the session’s day only.']);
    const early = await lookup(tomorrow.id, ahead.reference);
    expect([early.status, early.body.message]).toEqual([409, 'This session is on Thu, Nov 26: check-in opens that day (Toronto time).']);
    // A tap on yesterday's booking is refused too, and so is an undo.
    const [child] = await records(past.bookingId);
    expect((await checkIn(past.bookingId, child!.childId)).status).toBe(409);
    expect((await admin.post('/api/admin/check-in/undo', { bookingId: past.bookingId, childId: child!.childId })).status).toBe(409);

    // 00:30 Thursday in Toronto is 05:30 UTC Thursday. At 21:00 Wednesday in Toronto it is already Thursday in UTC
    // (02:00), but not in Toronto: still closed. From Toronto's midnight on, open.
    const afterMidnight = await session('Night Owls', new Date(torontoTime(2026, 11, 26, 0, 30).getTime()));
    const owl = await familyBooked(afterMidnight.id, ['Omar']);
    at(2026, 11, 25, 21);
    expect(now.toISOString().slice(0, 10)).toBe('2026-11-26');
    expect((await lookup(afterMidnight.id, owl.reference)).status).toBe(409);
    at(2026, 11, 26, 0, 5);
    expect((await lookup(afterMidnight.id, owl.reference)).status).toBe(200);

    // 20:00 Wednesday in Toronto is 01:00 UTC Thursday; at 18:00 Wednesday (23:00 UTC Wednesday) it is the same Toronto day.
    now = WEDNESDAY_4PM;
    const evening = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 20, 0).getTime()));
    const late = await familyBooked(evening.id, ['Zoe']);
    at(2026, 11, 25, 18);
    expect((await lookup(evening.id, late.reference)).status).toBe(200);
    now = WEDNESDAY_4PM;
  });

  it('refuses a cancelled booking, an unknown reference and a malformed one with clear messages', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 18, 0).getTime()));
    const fam = await familyBooked(today.id, ['Ava']);
    const [child] = await records(fam.bookingId);
    expect((await fam.api.post(`/api/bookings/${fam.bookingId}/cancel`)).status).toBe(200);

    const cancelled = await lookup(today.id, fam.reference);
    expect([cancelled.status, cancelled.body.message]).toEqual([409, `${fam.reference} was cancelled.`]);
    const tap = await checkIn(fam.bookingId, child!.childId);
    expect([tap.status, tap.body.message]).toEqual([409, `${fam.reference} was cancelled.`]);

    const unknown = await lookup(today.id, 'nb-0000 0000');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'No booking with reference NB-00000000.']);
    for (const typed of ['NB-12', 'NB-1A2B3C4G', '', 'hello there']) {
      const malformed = await lookup(today.id, typed);
      expect([malformed.status, malformed.body.message], typed).toEqual([400, 'reference: Enter a booking reference like NB-1A2B3C4D (NB- and 8 letters or digits)']);
    }
    // A cancelled session has no one to check in.
    const called = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 18, 15).getTime()));
    const calledOff = await familyBooked(called.id, ['Leo']);
    expect((await admin.post(`/api/admin/sessions/${called.id}/cancel`)).status).toBe(200);
    const off = await lookup(called.id, calledOff.reference);
    expect([off.status, off.body.message]).toEqual([409, 'This session was cancelled: there is no one to check in.']);

    const noSession = await admin.post('/api/admin/check-in/lookup', { sessionId: '00000000-0000-4000-8000-000000000000', reference: fam.reference });
    expect([noSession.status, noSession.body.message]).toEqual([404, 'Session not found']);
  });
});

describe('POST /api/admin/check-in: one tap marks one child present', () => {
  it('records the time and the administrator; a second tap gets the same record; the roster shows it; undo takes it back', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 17, 30).getTime()));
    const fam = await familyBooked(today.id, ['Ava', 'Leo']);
    const { body: found } = await lookup(today.id, fam.reference);
    const ava = found.children.find((c: { childName: string }) => c.childName === 'Ava');

    const first = await checkIn(fam.bookingId, ava.childId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      bookingId: fam.bookingId,
      reference: fam.reference,
      child: { childId: ava.childId, childName: 'Ava', checkedInAt: WEDNESDAY_4PM.toISOString(), checkedInBy: 'Adam Archer' },
      alreadyCheckedIn: false,
    });

    at(2026, 11, 25, 16, 5);
    const again = await checkIn(fam.bookingId, ava.childId, owner);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ child: { checkedInAt: WEDNESDAY_4PM.toISOString(), checkedInBy: 'Adam Archer' }, alreadyCheckedIn: true });

    const roster = await admin.get(`/api/admin/sessions/${today.id}/roster`);
    expect(roster.status).toBe(200);
    expect(roster.body.children.map((c: { childName: string; childId: string; checkedInAt: string | null; checkedInBy: string | null }) => [c.childName, c.checkedInAt, c.checkedInBy])).toEqual([
      ['Ava', WEDNESDAY_4PM.toISOString(), 'Adam Archer'],
      ['Leo', null, null],
    ]);
    expect((await lookup(today.id, fam.reference)).body.children.map((c: { checkedInBy: string | null }) => c.checkedInBy)).toEqual(['Adam Archer', null]);

    const undone = await admin.post('/api/admin/check-in/undo', { bookingId: fam.bookingId, childId: ava.childId });
    expect(undone.status).toBe(200);
    expect(undone.body.child).toEqual({ childId: ava.childId, childName: 'Ava', checkedInAt: null, checkedInBy: null });
    const [row] = await db().select().from(bookingChildren).where(and(eq(bookingChildren.bookingId, fam.bookingId), eq(bookingChildren.childId, ava.childId)));
    expect(row).toMatchObject({ checkedInAt: null, checkedInByAdminId: null, checkedInByName: null });
    // Undoing again changes nothing; checking in again is a new record, by whoever taps.
    expect((await admin.post('/api/admin/check-in/undo', { bookingId: fam.bookingId, childId: ava.childId })).status).toBe(200);
    const retap = await checkIn(fam.bookingId, ava.childId, owner);
    expect(retap.body).toMatchObject({ child: { checkedInBy: 'Olivia Owens' }, alreadyCheckedIn: false });
    now = WEDNESDAY_4PM;
  });

  it('five identical taps at once by two administrators make exactly one record, and all are answered 200', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 18, 30).getTime()));
    const fam = await familyBooked(today.id, ['Nia']);
    const [child] = await records(fam.bookingId);
    const taps = await Promise.all([admin, owner, admin, owner, admin].map((who) => checkIn(fam.bookingId, child!.childId, who)));
    expect(taps.map((t) => t.status)).toEqual([200, 200, 200, 200, 200]);
    expect(taps.filter((t) => !t.body.alreadyCheckedIn)).toHaveLength(1);
    const firstBy = taps.find((t) => !t.body.alreadyCheckedIn)!.body.child.checkedInBy;
    expect(new Set(taps.map((t) => `${t.body.child.checkedInAt} ${t.body.child.checkedInBy}`))).toEqual(new Set([`${WEDNESDAY_4PM.toISOString()} ${firstBy}`]));
    const rows = await records(fam.bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.checkedInByName).toBe(firstBy);
  });

  it('refuses a child who is not on the booking, an unknown booking, and malformed ids', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 19, 30).getTime()));
    const fam = await familyBooked(today.id, ['Ava']);
    const other = await familyBooked(today.id, ['Leo']);
    const [otherChild] = await records(other.bookingId);
    const [child] = await records(fam.bookingId);
    const wrongChild = await checkIn(fam.bookingId, otherChild!.childId);
    expect([wrongChild.status, wrongChild.body.message]).toEqual([404, 'That child is not on this booking.']);
    const unknown = await checkIn('00000000-0000-4000-8000-000000000000', child!.childId);
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Booking not found']);
    expect((await admin.post('/api/admin/check-in', { bookingId: 'nope', childId: child!.childId })).status).toBe(400);
  });

  it('is for administrators only: a parent gets 403, a signed-out visitor 401', async () => {
    now = WEDNESDAY_4PM;
    const today = await session('Sprint Mechanics', new Date(torontoTime(2026, 11, 25, 20, 30).getTime()));
    const fam = await familyBooked(today.id, ['Ava']);
    const [child] = await records(fam.bookingId);
    const anonymous = new ApiClient(server.baseUrl);
    for (const [path, body] of [
      ['/api/admin/check-in/lookup', { sessionId: today.id, reference: fam.reference }],
      ['/api/admin/check-in', { bookingId: fam.bookingId, childId: child!.childId }],
      ['/api/admin/check-in/undo', { bookingId: fam.bookingId, childId: child!.childId }],
    ] as const) {
      expect((await fam.api.post(path, body)).status, path).toBe(403);
      expect((await anonymous.post(path, body)).status, path).toBe(401);
    }
    expect((await records(fam.bookingId))[0]!.checkedInAt).toBeNull();
  });
});
