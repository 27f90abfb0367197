import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES, type Policies } from '../../shared/schemas/settings';
import { bookingChildren, families, officeActions } from '../db/schema';
import { at, NOW } from '../test-support/clock';
import { createClassType, createSession, signInNewParent } from '../test-support/fixtures';
import { insertBooking } from '../test-support/reminders';
import { withApi } from '../test-support/with-api';

// Issue 32, the no-show rule (docs/product-rules.md "Absences, make-ups and closures"), through HTTP. The clock stands
// on Wednesday 2026-11-18 12:00 in Toronto (the family's window: this week and next); a test may move it. No-shows
// are confirmed bookings written straight into the database for sessions that have started, nobody checked in.
let now: Date = NOW;
const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now });
const db = () => server.database.db;

const PAUSED_2 = 'Online booking is paused after 2 no-shows in the last 30 days. Please call the office to book.';

async function setPolicies(policies: Partial<Policies>) {
  const res = await admin.request('PUT', '/api/admin/settings/policies', { ...DEFAULT_POLICIES, ...policies });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeEach(async () => {
  now = NOW;
  await setPolicies({ noShowRuleEnabled: true, noShowLimit: 2 });
});

const family = () => signInNewParent(server, [['Ava', 7], ['Leo', 7]]);
type Family = Awaited<ReturnType<typeof family>>;

async function session(startsAt: Date, capacity = 10) {
  const classType = await createClassType(db(), { name: 'Speed & Agility' });
  return createSession(db(), { classTypeId: classType.id, startsAt, capacity });
}
/** A booking of a session that started at `startsAt` (past), nobody checked in: a no-show. */
const noShow = async (fam: Family, startsAt: Date, childNames = ['Ava']) =>
  insertBooking(db(), { userId: fam.id, sessionId: (await session(startsAt)).id, childNames });
const book = (fam: Family, sessionId: string, childNames = ['Ava']) => fam.api.post('/api/bookings', { sessionId, childNames });
const me = async (fam: Family) => (await fam.api.get('/api/me')).body as { bookingPause?: { noShows: number; limit: number } | null };
const lift = (userId: string, body: unknown) => admin.post(`/api/admin/users/${userId}/lift-booking-pause`, body);

describe('the no-show rule (issue 32)', () => {
  it('pauses nothing while the rule is off, whatever the no-shows', async () => {
    await setPolicies({ noShowRuleEnabled: false, noShowLimit: 1 });
    const fam = await family();
    await noShow(fam, at(-1, 17));
    await noShow(fam, at(-2, 17));
    await noShow(fam, at(-3, 17));
    expect((await me(fam)).bookingPause).toBeNull();
    expect((await book(fam, (await session(at(4, 17))).id)).status).toBe(201);
    expect((await admin.get(`/api/admin/users/${fam.id}`)).body.bookingPause).toBeNull();
  });

  it('with the limit reached refuses the family online booking and joining a waitlist, never cancelling nor the front desk', async () => {
    const fam = await family();
    const upcoming = await book(fam, (await session(at(5, 10))).id);
    expect(upcoming.status).toBe(201);
    await noShow(fam, at(-1, 17));
    // One no-show: not yet.
    expect((await me(fam)).bookingPause).toBeNull();
    await noShow(fam, at(-10, 17));

    expect((await me(fam)).bookingPause).toEqual({ noShows: 2, limit: 2 });
    const friday = await session(at(4, 17));
    const refused = await book(fam, friday.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'BOOKING_PAUSED', message: PAUSED_2, bookingPause: { noShows: 2, limit: 2 } });

    // Joining the waitlist of a full session is refused the same way.
    const full = await session(at(4, 18), 1);
    const other = await family();
    expect((await book(other, full.id)).status).toBe(201);
    const join = await fam.api.post(`/api/sessions/${full.id}/waitlist`, { childNames: ['Ava'] });
    expect(join.status).toBe(403);
    expect(join.body.code).toBe('BOOKING_PAUSED');

    // The family's bookings stay and cancelling works.
    const cancelled = await fam.api.post(`/api/bookings/${upcoming.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    // The front desk books for the family.
    const office = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: friday.id, childNames: ['Ava'] });
    expect(office.status, JSON.stringify(office.body)).toBe(201);
    // The office sees the pause on the family page.
    expect((await admin.get(`/api/admin/users/${fam.id}`)).body.bookingPause).toEqual({ noShows: 2, limit: 2 });
    // …and in the users table.
    const listed = (await admin.get(`/api/admin/users?search=${encodeURIComponent(fam.email)}`)).body.users;
    expect(listed.map((row: { id: string; noShows30d: number; bookingPaused: boolean }) => [row.id, row.noShows30d, row.bookingPaused])).toEqual([[fam.id, 2, true]]);
    const others = (await admin.get(`/api/admin/users?search=${encodeURIComponent(other.email)}`)).body.users;
    expect(others[0].bookingPaused).toBe(false);
  });

  it('does not count a booking where a child came, nor a cancelled one, nor a child cancelled alone', async () => {
    const fam = await family();
    const came = await noShow(fam, at(-1, 17), ['Ava', 'Leo']);
    await db().update(bookingChildren).set({ checkedInAt: at(-1, 16, 55) }).where(and(eq(bookingChildren.bookingId, came), eq(bookingChildren.childName, 'Leo')));
    // Leo was cancelled alone (late); Ava stayed booked and did not come: one no-show (the booking).
    const partly = await noShow(fam, at(-2, 17), ['Ava', 'Leo']);
    await db()
      .update(bookingChildren)
      .set({ cancelledAt: at(-2, 16), cancellation: 'LATE' })
      .where(and(eq(bookingChildren.bookingId, partly), eq(bookingChildren.childName, 'Leo')));
    // A booking still CONFIRMED whose every child was cancelled alone holds nobody to miss it.
    const emptied = await noShow(fam, at(-4, 17), ['Ava']);
    await db().update(bookingChildren).set({ cancelledAt: at(-5, 9), cancellation: 'EARLY' }).where(eq(bookingChildren.bookingId, emptied));
    expect((await me(fam)).bookingPause).toBeNull();
    const myBookings = (await fam.api.get('/api/me/bookings')).body as Array<{ id: string; childStates: unknown }>;
    expect(myBookings.find((b) => b.id === partly)?.childStates).toEqual([
      { name: 'Ava', state: 'no-show' },
      { name: 'Leo', state: 'late-cancellation' },
    ]);
    await noShow(fam, at(-3, 17));
    expect((await me(fam)).bookingPause).toEqual({ noShows: 2, limit: 2 });
  });

  it('the office lifts it with a note (recorded); only newer no-shows count again', async () => {
    const fam = await family();
    await noShow(fam, at(-1, 17));
    await noShow(fam, at(-2, 17));
    const friday = await session(at(4, 17));
    expect((await book(fam, friday.id)).status).toBe(403);
    expect((await me(fam)).bookingPause).toEqual({ noShows: 2, limit: 2 });

    // A note is required; a parent may not lift it.
    expect((await lift(fam.id, {})).status).toBe(400);
    expect((await lift(fam.id, { note: '   ' })).status).toBe(400);
    expect((await fam.api.post(`/api/admin/users/${fam.id}/lift-booking-pause`, { note: 'Me' })).status).toBe(403);

    const lifted = await lift(fam.id, { note: 'Family called: a sick week' });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    const [family_] = await db().select().from(families).where(eq(families.id, fam.id));
    expect(family_!.bookingPauseLiftedAt).toEqual(NOW);
    const [action] = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id)).orderBy(desc(officeActions.createdAt)).limit(1);
    expect(action).toMatchObject({ action: 'LIFT_PAUSE', note: 'Family called: a sick week', adminName: expect.any(String) });
    const page = (await admin.get(`/api/admin/users/${fam.id}`)).body;
    expect(page.bookingPause).toBeNull();
    expect(page.actions[0]).toMatchObject({ action: 'LIFT_PAUSE', note: 'Family called: a sick week' });

    expect((await me(fam)).bookingPause).toBeNull();
    expect((await book(fam, friday.id)).status).toBe(201);

    // Two sessions that start after the lift and nobody comes: paused again. A session that started before the lift
    // (earlier today) never counts again.
    await noShow(fam, at(2, 11));
    now = at(2, 20);
    await noShow(fam, at(2, 13));
    expect((await me(fam)).bookingPause).toBeNull();
    await noShow(fam, at(2, 18));
    expect((await me(fam)).bookingPause).toEqual({ noShows: 2, limit: 2 });
    expect((await book(fam, (await session(at(5, 9))).id)).status).toBe(403);
  });

  it('lifts itself once the no-shows leave the 30-day window', async () => {
    const fam = await family();
    await noShow(fam, at(-10, 17));
    await noShow(fam, at(-25, 17));
    expect((await me(fam)).bookingPause).toEqual({ noShows: 2, limit: 2 });
    // Six days later the older one started 31 days ago.
    now = at(8, 12);
    await fam.api.login(fam.email, fam.password);
    expect((await me(fam)).bookingPause).toBeNull();
    expect((await book(fam, (await session(at(9, 17))).id)).status).toBe(201);
  });

  it("a refusal with an Idempotency-Key is not kept as the key's answer: after the lift the same key books", async () => {
    const fam = await family();
    await noShow(fam, at(-1, 17));
    await noShow(fam, at(-2, 17));
    const friday = await session(at(4, 17));
    const headers = { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' };
    const refused = await fam.api.post('/api/bookings', { sessionId: friday.id, childNames: ['Ava'] }, headers);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('BOOKING_PAUSED');
    expect((await lift(fam.id, { note: 'Spoke to the family' })).status).toBe(200);
    expect((await fam.api.post('/api/bookings', { sessionId: friday.id, childNames: ['Ava'] }, headers)).status).toBe(201);
  });

  it('the lift route: 404 for an unknown account', async () => {
    expect((await lift('00000000-0000-4000-8000-000000000000', { note: 'x' })).status).toBe(404);
  });
});

describe("the no-show rule with the office's phone (BUSINESS_PHONE)", () => {
  const phoned = withApi({ as: 'admin', clock: () => NOW, env: { BUSINESS_PHONE: '+1 416 555 0100' } });

  it("the refusal gives the office's phone", async () => {
    const res = await phoned.clients.admin.request('PUT', '/api/admin/settings/policies', { ...DEFAULT_POLICIES, noShowRuleEnabled: true, noShowLimit: 1 });
    expect(res.status).toBe(200);
    const fam = await signInNewParent(phoned.server, [['Ava', 7]]);
    const classType = await createClassType(phoned.server.database.db, { name: 'Speed & Agility' });
    const past = await createSession(phoned.server.database.db, { classTypeId: classType.id, startsAt: at(-1, 17) });
    await insertBooking(phoned.server.database.db, { userId: fam.id, sessionId: past.id, childNames: ['Ava'] });
    const friday = await createSession(phoned.server.database.db, { classTypeId: classType.id, startsAt: at(4, 17) });
    const refused = await fam.api.post('/api/bookings', { sessionId: friday.id, childNames: ['Ava'] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Online booking is paused after 1 no-show in the last 30 days. Please call the office at +1 416 555 0100 to book.');
  });
});
