import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, officeActions, sessions, waitlistEntries } from '../db/schema';
import { createClassType, createSession, nextTorontoWeekAt, signInNewParent } from '../test-support/fixtures';
import { withApi } from '../test-support/with-api';
import { sweepWaitlists } from '../services/waitlist/waitlist-sweep';
import { WEDNESDAY_9AM } from '../test-support/clock';
import { book } from '../test-support/bookings';

// Issue 21, the waitlist (docs/product-rules.md, "Waitlist"), through HTTP. The clock is pinned to Wednesday
// 2026-11-18 09:00 in Toronto (the family's window: this week and next); a test may move it.
const NOW = WEDNESDAY_9AM;
let now: Date = NOW;
const nextWeek = (day: number, hour: number) => nextTorontoWeekAt(NOW, day, hour);

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now });
const db = () => server.database.db;
beforeEach(() => {
  now = NOW;
});

const family = (kids: Array<[string, number]>) => signInNewParent(server, kids);
type Family = Awaited<ReturnType<typeof family>>;

async function session(startsAt: Date, capacity = 1) {
  const classType = await createClassType(db(), { name: 'Speed & Agility' });
  return createSession(db(), { classTypeId: classType.id, startsAt, capacity });
}
const join = (fam: Family, sessionId: string, childNames: string[], headers?: Record<string, string>) =>
  fam.api.post(`/api/sessions/${sessionId}/waitlist`, { childNames }, headers);
const cancel = (fam: Family, bookingId: string) => fam.api.post(`/api/bookings/${bookingId}/cancel`);
const waitlistOf = async (fam: Family) => (await fam.api.get('/api/me/waitlist')).body as Array<{ id: string; position: number; childNames: string[]; heldBack: unknown[] }>;
const bookingsOf = async (fam: Family) =>
  ((await fam.api.get('/api/me/bookings')).body as Array<{ sessionId: string; status: string; childNames: string[] }>).filter((b) => b.status === 'CONFIRMED');
const sessionRow = async (id: string) => (await db().select().from(sessions).where(eq(sessions.id, id)))[0]!;
const entryRow = async (id: string) => (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const mailTo = async (email: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(asc(emailOutbox.createdAt));

/** A session of `capacity` spots, filled by as many one-child families (booked by the office). */
async function fullSession(startsAt: Date, capacity = 1) {
  const s = await session(startsAt, capacity);
  const holders: Array<{ fam: Family; bookingId: string }> = [];
  for (let i = 0; i < capacity; i++) {
    const fam = await family([[`Holder${i}`, 3]]);
    // Booked by the office: it may fill a session outside the family's window too.
    const res = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: s.id, childNames: [`Holder${i}`] });
    expect(res.status).toBe(201);
    holders.push({ fam, bookingId: res.body.id });
  }
  return { session: s, holders };
}

describe('joining a waitlist: POST /api/sessions/:id/waitlist', () => {
  it('puts the children of a full session in line, in the order families join, and shows the count', async () => {
    const { session: s } = await fullSession(nextWeek(1, 17));
    const first = await family([['Ava', 2]]);
    const second = await family([['Leo', 2], ['Mia', 2]]);
    const a = await join(first, s.id, ['ava']);
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ sessionId: s.id, childNames: ['Ava'], status: 'WAITING', position: 1, heldBack: [], bookingId: null });
    expect(a.body).not.toHaveProperty('email');
    const b = await join(second, s.id, ['Leo', 'Mia']);
    expect(b.body).toMatchObject({ childNames: ['Leo', 'Mia'], position: 2 });
    expect((await sessionRow(s.id)).waitlistCount).toBe(3);

    const listed = await waitlistOf(second);
    expect(listed).toEqual([expect.objectContaining({ id: b.body.id, position: 2, session: expect.objectContaining({ location: 'Main Gym' }) })]);
    const calendar = await first.api.get(`/api/sessions?from=${s.startsAt.toISOString().slice(0, 10)}&to=${s.startsAt.toISOString().slice(0, 10)}`);
    expect(calendar.body.sessions.find((x: { id: string }) => x.id === s.id)).toMatchObject({ availableSpots: 0, waitlistCount: 3 });
  });

  it('refuses what a booking refuses, a session with room, a child booked or already waiting, and a closed waitlist', async () => {
    const { session: s, holders } = await fullSession(nextWeek(2, 17));
    const fam = await family([['Ava', 2], ['Leo', 2]]);
    const cases: Array<[string, unknown, number, string | RegExp]> = [
      [`/api/sessions/${s.id}/waitlist`, { childNames: ['Zed'] }, 400, '"Zed" is not one of your children'],
      [`/api/sessions/${s.id}/waitlist`, { childNames: [] }, 400, 'childNames: Please select at least one child for this session.'],
      [`/api/sessions/${randomUUID()}/waitlist`, { childNames: ['Ava'] }, 404, 'Session not found'],
      ['/api/sessions/not-an-id/waitlist', { childNames: ['Ava'] }, 404, 'Session not found'],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await fam.api.post(path, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    // A child already booked there (the holder's own child).
    const holder = holders[0]!.fam;
    expect((await join(holder, s.id, ['Holder0'])).body.message).toBe('Holder0 is already booked in this session');
    // Already waiting.
    expect((await join(fam, s.id, ['Ava'])).status).toBe(201);
    const again = await join(fam, s.id, ['Leo', 'Ava']);
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: 'Ava is already on the waitlist for this session' });
    // A session with room: book instead.
    const open = await session(nextWeek(2, 19), 3);
    const roomy = await join(fam, open.id, ['Ava', 'Leo']);
    expect({ status: roomy.status, message: roomy.body.message }).toEqual({
      status: 409,
      message: 'This session still has 3 spots free: book them instead of joining the waitlist',
    });
    // Outside the family's window (three weeks ahead).
    const far = await fullSession(nextTorontoWeekAt(new Date(NOW.getTime() + 14 * 86_400_000), 1, 17));
    expect((await join(fam, far.session.id, ['Ava'])).body.message).toBe('Bookings are open for the current week and next week only');
    // Within the cut-off (2 hours) before the start: closed.
    const soon = await fullSession(new Date(NOW.getTime() + 90 * 60_000));
    const closed = await join(fam, soon.session.id, ['Ava']);
    expect({ status: closed.status, message: closed.body.message }).toEqual({
      status: 409,
      message: 'The waitlist for this session has closed: it starts too soon for a spot to be offered',
    });
  });

  it('is a repeatable write: the same Idempotency-Key joins once and replays the answer', async () => {
    const { session: s } = await fullSession(nextWeek(3, 17));
    const fam = await family([['Ava', 2]]);
    const key = randomUUID();
    const [first, second] = [await join(fam, s.id, ['Ava'], { 'idempotency-key': key }), await join(fam, s.id, ['Ava'], { 'idempotency-key': key })];
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await waitlistOf(fam)).toHaveLength(1);
  });

  it('needs a signed-in family and a same-origin write', async () => {
    const { session: s } = await fullSession(nextWeek(3, 19));
    const anonymous = await fetch(`${server.baseUrl}/api/sessions/${s.id}/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ childNames: ['Ava'] }),
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/me/waitlist`)).status).toBe(401);
  });
});

describe('promotion when a spot frees', () => {
  it('a cancellation books the first waiting family in the same transaction, with the email saying so', async () => {
    const { session: s, holders } = await fullSession(nextWeek(1, 18));
    const waiting = await family([['Ava', 2]]);
    const entry = (await join(waiting, s.id, ['Ava'])).body;
    const res = await cancel(holders[0]!.fam, holders[0]!.bookingId);
    expect(res.status).toBe(200);
    // Already booked when the cancellation answers.
    expect(await bookingsOf(waiting)).toEqual([expect.objectContaining({ sessionId: s.id, childNames: ['Ava'] })]);
    expect(await waitlistOf(waiting)).toEqual([]);
    const row = await entryRow(entry.id);
    expect(row.status).toBe('PROMOTED');
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, row.bookingId!));
    expect(booking).toMatchObject({ bookedBy: 'WAITLIST', status: 'CONFIRMED', bookedByAdminId: null });
    expect(await sessionRow(s.id)).toMatchObject({ bookedCount: 1, waitlistCount: 0 });
    const confirmation = (await mailTo(waiting.email)).find((m) => m.template === 'booking-confirmed');
    expect(confirmation?.templateData).toMatchObject({ fromWaitlist: true, childNames: ['Ava'] });
  });

  it('skips a child at the weekly limit (counted on confirmed bookings only), who keeps the place and is told why', async () => {
    const { session: s, holders } = await fullSession(nextWeek(2, 18));
    const busy = await family([['Ava', 1]]);
    // Ava's one session of that week is taken; she waits for another session of the same week.
    expect((await book(busy, (await session(nextWeek(0, 18), 5)).id, ['Ava'])).status).toBe(201);
    const skipped = (await join(busy, s.id, ['Ava'])).body;
    expect(skipped.heldBack).toEqual([{ name: 'Ava', limit: 1, used: 1 }]);
    const next = await family([['Leo', 2]]);
    await join(next, s.id, ['Leo']);

    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    expect(await bookingsOf(next)).toHaveLength(1);
    expect(await waitlistOf(busy)).toEqual([expect.objectContaining({ id: skipped.id, position: 1, heldBack: [{ name: 'Ava', limit: 1, used: 1 }] })]);
  });

  it('a multi-child entry waits for enough spots; the single child behind it takes the one that frees', async () => {
    const { session: s, holders } = await fullSession(nextWeek(1, 19), 3);
    const twins = await family([['Ava', 2], ['Ivy', 2]]);
    const twinsEntry = (await join(twins, s.id, ['Ava', 'Ivy'])).body;
    const single = await family([['Leo', 2]]);
    await join(single, s.id, ['Leo']);

    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    expect(await bookingsOf(single)).toHaveLength(1);
    expect(await bookingsOf(twins)).toHaveLength(0);
    expect((await waitlistOf(twins))[0]).toMatchObject({ id: twinsEntry.id, position: 1 });

    await cancel(holders[1]!.fam, holders[1]!.bookingId);
    expect(await bookingsOf(twins)).toHaveLength(0);
    await cancel(holders[2]!.fam, holders[2]!.bookingId);
    expect(await bookingsOf(twins)).toEqual([expect.objectContaining({ childNames: ['Ava', 'Ivy'] })]);
    expect(await sessionRow(s.id)).toMatchObject({ bookedCount: 3, waitlistCount: 0 });
  });

  it('a reschedule away, the office cancelling and a raised capacity each fill the spot', async () => {
    const { session: s, holders } = await fullSession(nextWeek(3, 18), 2);
    const elsewhere = await session(nextWeek(4, 18), 5);
    const waiters = [];
    for (const name of ['Ava', 'Leo', 'Mia']) {
      const fam = await family([[name, 3]]);
      await join(fam, s.id, [name]);
      waiters.push(fam);
    }
    expect((await holders[0]!.fam.api.post(`/api/bookings/${holders[0]!.bookingId}/reschedule`, { newSessionId: elsewhere.id })).status).toBe(200);
    expect(await bookingsOf(waiters[0]!)).toHaveLength(1);
    expect((await admin.post(`/api/admin/bookings/${holders[1]!.bookingId}/cancel`, { note: 'Called in sick' })).status).toBe(200);
    expect(await bookingsOf(waiters[1]!)).toHaveLength(1);
    const current = await sessionRow(s.id);
    const raised = await admin.request('PUT', `/api/admin/sessions/${s.id}`, {
      classTypeId: current.classTypeId,
      startsAt: current.startsAt.toISOString(),
      endsAt: current.endsAt.toISOString(),
      capacity: 3,
      location: current.location,
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ capacity: 3, bookedCount: 3, waitlistCount: 0 });
    expect(await bookingsOf(waiters[2]!)).toHaveLength(1);
  });

  it('stops at the cut-off: a spot freed within 2 hours of the start goes to no one, and the entries expire', async () => {
    const start = nextWeek(0, 12);
    const { session: s, holders } = await fullSession(start);
    const waiting = await family([['Ava', 2]]);
    const entry = (await join(waiting, s.id, ['Ava'])).body;
    now = new Date(start.getTime() - 110 * 60_000);
    expect(await waitlistOf(waiting)).toEqual([]);
    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    expect(await bookingsOf(waiting)).toHaveLength(0);
    const swept = await server.app.unitOfWork((tx) => sweepWaitlists(tx, now, 2));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'EXPIRED' });
    expect(await sessionRow(s.id)).toMatchObject({ bookedCount: 0, waitlistCount: 0 });
  });

  it('the minute sweep gives a spot to a child once a cancellation that week brings them under their limit', async () => {
    const { session: s, holders } = await fullSession(nextWeek(4, 17));
    const fam = await family([['Ava', 1]]);
    const other = (await book(fam, (await session(nextWeek(4, 9), 5)).id, ['Ava'])).body;
    await join(fam, s.id, ['Ava']);
    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
    await cancel(fam, other.id);
    const swept = await server.app.unitOfWork((tx) => sweepWaitlists(tx, now, 2));
    expect(swept.promoted).toBeGreaterThanOrEqual(1);
    expect((await bookingsOf(fam)).map((b) => b.sessionId)).toEqual([s.id]);
  });

  it('a family that books the session itself leaves its place in line', async () => {
    const { session: s, holders } = await fullSession(nextWeek(2, 9), 1);
    const fam = await family([['Ava', 1], ['Leo', 3]]);
    await book(fam, (await session(nextWeek(2, 7), 5)).id, ['Ava']);
    const entry = (await join(fam, s.id, ['Ava', 'Leo'])).body;
    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    // Ava is at her limit: the entry was skipped and the spot is open; Leo books it himself.
    expect((await book(fam, s.id, ['Leo'])).status).toBe(201);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'WAITING', childNames: ['Ava'] });
    expect((await sessionRow(s.id)).waitlistCount).toBe(1);
  });
});

describe('leaving: DELETE /api/waitlist/:id', () => {
  it('leaves once however often it is sent; another family’s entry is not found; a promoted one is a booking', async () => {
    const { session: s, holders } = await fullSession(nextWeek(1, 9));
    const fam = await family([['Ava', 2]]);
    const stranger = await family([['Zed', 2]]);
    const entry = (await join(fam, s.id, ['Ava'])).body;
    expect((await stranger.api.request('DELETE', `/api/waitlist/${entry.id}`)).status).toBe(404);
    const left = await fam.api.request('DELETE', `/api/waitlist/${entry.id}`);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ id: entry.id, status: 'LEFT', position: null });
    expect((await fam.api.request('DELETE', `/api/waitlist/${entry.id}`)).status).toBe(200);
    expect((await sessionRow(s.id)).waitlistCount).toBe(0);
    expect((await fam.api.request('DELETE', `/api/waitlist/${randomUUID()}`)).body.message).toBe('Waitlist entry not found');

    const promoted = (await join(fam, s.id, ['Ava'])).body;
    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    const late = await fam.api.request('DELETE', `/api/waitlist/${promoted.id}`);
    expect({ status: late.status, message: late.body.message }).toEqual({
      status: 409,
      message: 'This waitlist entry has already become a booking: cancel the booking instead',
    });
  });
});

describe('the office and the waitlist', () => {
  it('lists it on the roster, the family page and the stats; Promote now follows the front desk rules; Remove ends an entry', async () => {
    const { session: s, holders } = await fullSession(nextTorontoWeekAt(new Date(NOW.getTime() - 7 * 86_400_000), 4, 18), 1);
    const atLimit = await family([['Ava', 1]]);
    await book(atLimit, (await session(nextTorontoWeekAt(new Date(NOW.getTime() - 7 * 86_400_000), 3, 18), 5)).id, ['Ava']);
    const first = (await join(atLimit, s.id, ['Ava'])).body;
    const other = await family([['Leo', 2]]);
    const second = (await join(other, s.id, ['Leo'])).body;

    const roster = await admin.get(`/api/admin/sessions/${s.id}/roster`);
    expect(roster.body.waitlist.map((e: { id: string; position: number }) => [e.id, e.position])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect(roster.body.waitlist[0]).toMatchObject({ familyName: 'Test Parent', email: atLimit.email, heldBack: [{ name: 'Ava', limit: 1, used: 1 }] });
    expect((await admin.get('/api/admin/stats')).body.waitlistedThisWeek).toBeGreaterThanOrEqual(2);
    expect((await admin.get(`/api/admin/users/${atLimit.id}`)).body.waitlist).toEqual([expect.objectContaining({ id: first.id, position: 1 })]);

    // No spot free: refused, capacity is never overridden.
    const full = await admin.post(`/api/admin/waitlist/${second.id}/promote`, {});
    expect({ status: full.status, message: full.body.message }).toEqual({ status: 409, message: 'This session is full' });
    await cancel(holders[0]!.fam, holders[0]!.bookingId);
    // The spot went to Leo automatically (Ava is at her limit); raise nothing, free one more by removing Leo's booking.
    expect(await bookingsOf(other)).toHaveLength(1);
    await cancel(other, (await bookingsOf(other).then(() => other.api.get('/api/me/bookings'))).body[0].id);
    const refused = await admin.post(`/api/admin/waitlist/${first.id}/promote`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ava has reached the weekly limit of 1 session for that week. To book anyway, tick "Override weekly limit" and add a note.');
    expect((await admin.post(`/api/admin/waitlist/${first.id}/promote`, { overrideWeeklyLimit: true })).status).toBe(400);
    const promoted = await admin.post(`/api/admin/waitlist/${first.id}/promote`, { overrideWeeklyLimit: true, note: 'Coach agreed' });
    expect(promoted.status).toBe(201);
    expect(promoted.body).toMatchObject({ sessionId: s.id, userId: atLimit.id, bookedBy: 'WAITLIST', bookedByName: expect.any(String), note: 'Coach agreed' });
    const actions = await db().select().from(officeActions).where(and(eq(officeActions.familyId, atLimit.id), eq(officeActions.action, 'WAITLIST_PROMOTE')));
    expect(actions).toHaveLength(1);

    // Remove: a third family's entry.
    const third = await family([['Mia', 2]]);
    const entry = (await join(third, s.id, ['Mia'])).body;
    const removed = await admin.request('DELETE', `/api/admin/waitlist/${entry.id}`, { note: 'Family asked by phone' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: entry.id, status: 'REMOVED', userId: third.id });
    expect(await waitlistOf(third)).toEqual([]);
    expect((await admin.request('DELETE', `/api/admin/waitlist/${entry.id}`)).body.message).toBe('This waitlist entry is no longer waiting');
    expect((await admin.post(`/api/admin/waitlist/${randomUUID()}/promote`, {})).status).toBe(404);
  });

  it('a child the office removes from a family leaves the family’s entries', async () => {
    const { session: s } = await fullSession(nextWeek(4, 9));
    const fam = await family([['Ava', 2], ['Leo', 2]]);
    const entry = (await join(fam, s.id, ['Ava', 'Leo'])).body;
    const res = await admin.request('PATCH', `/api/admin/users/${fam.id}`, { secondChildName: null });
    expect(res.status).toBe(200);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'WAITING', childNames: ['Ava'] });
    expect((await sessionRow(s.id)).waitlistCount).toBe(1);
  });

  it('parents cannot use the office routes', async () => {
    const fam = await family([['Ava', 2]]);
    expect((await fam.api.post(`/api/admin/waitlist/${randomUUID()}/promote`, {})).status).toBe(403);
    expect((await fam.api.request('DELETE', `/api/admin/waitlist/${randomUUID()}`)).status).toBe(403);
  });

  it('cancelling a session expires its waitlist; deleting a family ends its entries before its spots are freed', async () => {
    const { session: s } = await fullSession(nextWeek(3, 9));
    const fam = await family([['Ava', 2]]);
    const entry = (await join(fam, s.id, ['Ava'])).body;
    expect((await admin.post(`/api/admin/sessions/${s.id}/cancel`)).status).toBe(200);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'EXPIRED' });
    expect((await sessionRow(s.id)).waitlistCount).toBe(0);

    const { session: t } = await fullSession(nextWeek(3, 11));
    const leaving = await family([['Leo', 2]]);
    const leavingEntry = (await join(leaving, t.id, ['Leo'])).body;
    expect((await admin.request('DELETE', `/api/admin/users/${leaving.id}`)).status).toBe(200);
    expect(await entryRow(leavingEntry.id)).toMatchObject({ status: 'REMOVED' });
    expect((await sessionRow(t.id)).waitlistCount).toBe(0);
  });
});
