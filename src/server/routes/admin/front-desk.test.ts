import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, officeActions, sessions, users } from '../../db/schema';
import { createClassType, createSession, nextTorontoWeekAt, signInNewParent } from '../../test-support/fixtures';
import { withApi } from '../../test-support/with-api';
import { WEDNESDAY_9AM } from '../../test-support/clock';

// Issue 19, the front desk: the office books, cancels and moves a family's bookings (docs/product-rules.md,
// "The front desk"). The clock is pinned to Wednesday 2026-11-18 09:00 in Toronto: the family's window is this
// week and next (to Sunday 2026-11-29); the office may book any future session.
const NOW = WEDNESDAY_9AM;
const inWeeks = (weeks: number, day: number, hour: number) => nextTorontoWeekAt(new Date(NOW.getTime() + (weeks - 1) * 7 * 86_400_000), day, hour);

const {
  server,
  clients: { admin },
  userIds,
} = withApi({ as: 'admin', clock: () => NOW });
const db = () => server.database.db;

async function family(kids: Array<[string, number]>) {
  return signInNewParent(server, kids);
}
async function session(startsAt: Date, capacity = 10) {
  const classType = await createClassType(db(), { name: 'Sprint Mechanics' });
  return createSession(db(), { classTypeId: classType.id, startsAt, capacity });
}
/** The e-mails queued for the family, in order; the reminders (due the day before a session, issue 21) apart. */
const mailTo = async (email: string, kind: 'now' | 'reminders' = 'now') =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(asc(emailOutbox.createdAt)))
    .map((m) => m.template)
    .filter((template) => (template === 'booking-reminder') === (kind === 'reminders'));
const actionsOf = (familyId: string) => db().select().from(officeActions).where(eq(officeActions.familyId, familyId)).orderBy(asc(officeActions.createdAt));
const bookedCount = async (sessionId: string) => (await db().select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.bookedCount;

describe('POST /api/admin/bookings: the office books for a family', () => {
  it('books any future session (three weeks ahead, past the family window), marked as the office’s, and emails the family', async () => {
    const fam = await family([['Ava', 2]]);
    const later = await session(inWeeks(3, 2, 17));
    // The family itself cannot reach it.
    expect((await fam.api.post('/api/bookings', { sessionId: later.id, childNames: ['Ava'] })).status).toBe(409);

    const res = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: later.id, childNames: ['Ava'], note: 'Booked by phone' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: fam.id,
      sessionId: later.id,
      childNames: ['Ava'],
      status: 'CONFIRMED',
      bookedBy: 'OFFICE',
      bookedByName: 'Adam Archer',
      note: 'Booked by phone',
      user: { email: fam.email },
    });
    expect(await bookedCount(later.id)).toBe(1);
    expect(await mailTo(fam.email)).toEqual(['booking-confirmed']);
    // The reminder (issue 21) is made by the e-mail worker when the day before comes, not with the booking.
    expect(await mailTo(fam.email, 'reminders')).toEqual([]);
    const [action] = await actionsOf(fam.id);
    expect(action).toMatchObject({ action: 'BOOK', adminId: userIds.admin, adminName: 'Adam Archer', bookingId: res.body.id, note: 'Booked by phone' });
    expect(action!.details).toMatchObject({ childNames: ['Ava'], overrideWeeklyLimit: false, className: 'Sprint Mechanics' });

    // The family's own list shows it, without the office's note.
    const mine = await fam.api.get('/api/me/bookings');
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).not.toHaveProperty('note');
    expect(mine.body[0]).not.toHaveProperty('bookedByName');
  });

  it('passes a weekly limit only with overrideWeeklyLimit and a note; capacity is never overridden', async () => {
    const fam = await family([['Leo', 1]]);
    const monday = await session(inWeeks(1, 0, 17));
    const tuesday = await session(inWeeks(1, 1, 17));
    expect((await fam.api.post('/api/bookings', { sessionId: monday.id, childNames: ['Leo'] })).status).toBe(201);

    const plain = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: tuesday.id, childNames: ['Leo'] });
    expect(plain.status).toBe(409);
    expect(plain.body.message).toBe('Leo has reached the weekly limit of 1 session for that week. To book anyway, tick "Override weekly limit" and add a note.');

    const noNote = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: tuesday.id, childNames: ['Leo'], overrideWeeklyLimit: true });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe('note: Add a note saying why the weekly limit is overridden');
    const blankNote = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: tuesday.id,
      childNames: ['Leo'],
      overrideWeeklyLimit: true,
      note: '   ',
    });
    expect(blankNote.status).toBe(400);

    const overridden = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: tuesday.id,
      childNames: ['Leo'],
      overrideWeeklyLimit: true,
      note: 'Make-up session approved by the coach',
    });
    expect(overridden.status).toBe(201);
    expect(overridden.body.note).toBe('Make-up session approved by the coach');
    expect((await actionsOf(fam.id)).map((a) => [a.action, (a.details as { overrideWeeklyLimit: boolean }).overrideWeeklyLimit])).toEqual([['BOOK', true]]);

    const full = await session(inWeeks(1, 3, 17), 1);
    const other = await family([['Zoe', 3]]);
    expect((await other.api.post('/api/bookings', { sessionId: full.id, childNames: ['Zoe'] })).status).toBe(201);
    const overCapacity = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: full.id,
      childNames: ['Leo'],
      overrideWeeklyLimit: true,
      note: 'Try anyway',
    });
    expect([overCapacity.status, overCapacity.body.message]).toEqual([409, 'This session is full']);
    expect(await bookedCount(full.id)).toBe(1);
  });

  it('refuses another family’s child, an unknown or deleted family, a started session, and a child booked twice', async () => {
    const fam = await family([['Nia', 3]]);
    const other = await family([['Omar', 3]]);
    const friday = await session(inWeeks(1, 4, 17));
    const strangers = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: friday.id, childNames: ['Omar'] });
    expect([strangers.status, strangers.body.message]).toEqual([400, '"Omar" is not a child of this family']);
    expect((await admin.post('/api/admin/bookings', { userId: randomUUID(), sessionId: friday.id, childNames: ['Nia'] })).body).toEqual({
      message: 'User not found',
      code: 'NOT_FOUND',
    });
    await db().update(users).set({ deletedAt: NOW }).where(eq(users.id, other.id));
    expect((await admin.post('/api/admin/bookings', { userId: other.id, sessionId: friday.id, childNames: ['Omar'] })).status).toBe(404);

    const yesterday = await session(new Date(NOW.getTime() - 86_400_000));
    expect((await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: yesterday.id, childNames: ['Nia'] })).status).toBe(409);
    expect((await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: friday.id, childNames: ['Nia'] })).status).toBe(201);
    const twice = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: friday.id, childNames: ['Nia'] });
    expect([twice.status, twice.body.message]).toEqual([409, 'Nia is already booked in this session']);
  });

  it('a repeated request with the same Idempotency-Key books once and gets the same answer', async () => {
    const fam = await family([['Ivy', 3]]);
    const friday = await session(inWeeks(2, 4, 17));
    const key = randomUUID();
    const body = { userId: fam.id, sessionId: friday.id, childNames: ['Ivy'] };
    const [first, second] = await Promise.all([admin.post('/api/admin/bookings', body, { 'idempotency-key': key }), admin.post('/api/admin/bookings', body, { 'idempotency-key': key })]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(await bookedCount(friday.id)).toBe(1);
    expect(await mailTo(fam.email)).toEqual(['booking-confirmed']);
  });
});

describe('POST /api/admin/bookings/:id/cancel and /reschedule', () => {
  it('cancels any family’s future booking with a note, frees the spot and emails the family; twice is a 409', async () => {
    const fam = await family([['Ava', 3]]);
    const thursday = await session(inWeeks(1, 3, 17));
    const booked = await fam.api.post('/api/bookings', { sessionId: thursday.id, childNames: ['Ava'] });
    const res = await admin.post(`/api/admin/bookings/${booked.body.id}/cancel`, { note: 'Ava is sick (phoned in)' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: booked.body.id, status: 'CANCELLED', bookedBy: 'FAMILY', userId: fam.id });
    expect(await bookedCount(thursday.id)).toBe(0);
    expect(await mailTo(fam.email)).toEqual(['booking-confirmed', 'booking-cancelled']);
    expect((await actionsOf(fam.id)).map((a) => [a.action, a.note, a.bookingId])).toEqual([['CANCEL', 'Ava is sick (phoned in)', booked.body.id]]);

    const again = await admin.post(`/api/admin/bookings/${booked.body.id}/cancel`);
    expect([again.status, again.body.message]).toEqual([409, 'This booking is already cancelled']);
    expect((await admin.post(`/api/admin/bookings/${randomUUID()}/cancel`)).status).toBe(404);
    expect((await admin.post('/api/admin/bookings/not-an-id/cancel')).status).toBe(404);
  });

  it('refuses to cancel or move a booking whose session has started', async () => {
    const fam = await family([['Max', 3]]);
    const past = await session(new Date(NOW.getTime() - 3_600_000));
    const [row] = await db().insert(bookings).values({ familyId: fam.id, sessionId: past.id }).returning();
    expect((await admin.post(`/api/admin/bookings/${row!.id}/cancel`)).body).toEqual({ message: 'Only future bookings can be cancelled', code: 'CANCEL_TOO_LATE' });
    const friday = await session(inWeeks(1, 4, 17));
    expect((await admin.post(`/api/admin/bookings/${row!.id}/reschedule`, { newSessionId: friday.id })).status).toBe(409);
  });

  it('moves a booking to any future session, with the weekly limit of the new week overridable; the family gets the change', async () => {
    const fam = await family([['Leo', 1]]);
    const thisWeek = await session(inWeeks(0, 4, 17));
    const farMonday = await session(inWeeks(4, 0, 17));
    const farTuesday = await session(inWeeks(4, 1, 17));
    const first = await fam.api.post('/api/bookings', { sessionId: thisWeek.id, childNames: ['Leo'] });
    expect(first.status).toBe(201);

    const moved = await admin.post(`/api/admin/bookings/${first.body.id}/reschedule`, { newSessionId: farMonday.id, note: 'Family asked' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: first.body.id, sessionId: farMonday.id, calendarSequence: 1, status: 'CONFIRMED' });
    expect([await bookedCount(thisWeek.id), await bookedCount(farMonday.id)]).toEqual([0, 1]);
    expect(await mailTo(fam.email)).toEqual(['booking-confirmed', 'booking-rescheduled']);

    // A second booking that week (made by the office, past the limit of 1): a move inside that week adds nothing to
    // it and needs no override (issue 29, item 12)...
    const extra = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: farTuesday.id,
      childNames: ['Leo'],
      overrideWeeklyLimit: true,
      note: 'Extra practice',
    });
    expect(extra.status).toBe(201);
    const farWednesday = await session(inWeeks(4, 2, 17));
    const inWeek = await admin.post(`/api/admin/bookings/${extra.body.id}/reschedule`, { newSessionId: farWednesday.id });
    expect(inWeek.status).toBe(200);
    // ...while a move into another week where Leo already has his session is refused, unless overridden with a note.
    expect((await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: (await session(inWeeks(5, 0, 17))).id, childNames: ['Leo'] })).status).toBe(201);
    const nextWeekWednesday = await session(inWeeks(5, 2, 17));
    const refused = await admin.post(`/api/admin/bookings/${extra.body.id}/reschedule`, { newSessionId: nextWeekWednesday.id });
    expect(refused.status).toBe(409);
    const forced = await admin.post(`/api/admin/bookings/${extra.body.id}/reschedule`, {
      newSessionId: nextWeekWednesday.id,
      overrideWeeklyLimit: true,
      note: 'Coach agreed',
    });
    expect(forced.status).toBe(200);
    expect((await actionsOf(fam.id)).map((a) => a.action)).toEqual(['RESCHEDULE', 'BOOK', 'RESCHEDULE', 'BOOK', 'RESCHEDULE']);
  });
});

describe('the family cannot use the office routes', () => {
  it('a parent gets 403 and nothing changes', async () => {
    const fam = await family([['Ava', 3]]);
    const friday = await session(inWeeks(1, 4, 17));
    const res = await fam.api.post('/api/admin/bookings', { userId: fam.id, sessionId: friday.id, childNames: ['Ava'], overrideWeeklyLimit: true, note: 'x' });
    expect(res.status).toBe(403);
    expect(await db().select().from(bookings).where(and(eq(bookings.familyId, fam.id)))).toEqual([]);
  });
});

describe('the family page: GET /api/admin/users/:id, /bookings and /child-stats', () => {
  it('shows the account, each child with this and next week’s use, and what the office did, newest first', async () => {
    const fam = await family([
      ['Ava', 2],
      ['Leo', 1],
    ]);
    const thisWeek = await session(inWeeks(0, 4, 17));
    const nextWeek = await session(inWeeks(1, 2, 17));
    expect((await fam.api.post('/api/bookings', { sessionId: thisWeek.id, childNames: ['Ava', 'Leo'] })).status).toBe(201);
    const office = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: nextWeek.id, childNames: ['Ava'], note: 'Phoned' });
    expect(office.status).toBe(201);

    const res = await admin.get(`/api/admin/users/${fam.id}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: fam.id, email: fam.email, role: 'PARENT', isActive: true });
    expect(res.body.children.map((c: { name: string; thisWeek: { used: number; remaining: number }; nextWeek: { used: number; remaining: number } }) => [c.name, c.thisWeek.used, c.thisWeek.remaining, c.nextWeek.used, c.nextWeek.remaining])).toEqual([
      ['Ava', 1, 1, 1, 1],
      ['Leo', 1, 0, 0, 1],
    ]);
    expect(res.body.actions).toEqual([
      expect.objectContaining({
        action: 'BOOK',
        adminName: 'Adam Archer',
        note: 'Phoned',
        bookingId: office.body.id,
        reference: office.body.reference,
        className: 'Sprint Mechanics',
        startsAt: nextWeek.startsAt.toISOString(),
        childNames: ['Ava'],
        overrideWeeklyLimit: false,
      }),
    ]);
    expect((await admin.get(`/api/admin/users/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/admin/users/not-an-id')).status).toBe(404);
  });

  it('lists upcoming bookings and those of the last 90 days, with who made each; older ones only on request', async () => {
    const fam = await family([['Ava', 7]]);
    const old = await session(new Date(NOW.getTime() - 120 * 86_400_000));
    const recent = await session(new Date(NOW.getTime() - 30 * 86_400_000));
    const upcoming = await session(inWeeks(1, 1, 17));
    const [oldBooking] = await db().insert(bookings).values({ familyId: fam.id, sessionId: old.id }).returning();
    const [recentBooking] = await db().insert(bookings).values({ familyId: fam.id, sessionId: recent.id, status: 'CANCELLED' }).returning();
    const made = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: upcoming.id, childNames: ['Ava'] });

    const res = await admin.get(`/api/admin/users/${fam.id}/bookings`);
    expect(res.status).toBe(200);
    expect(res.body.map((b: { id: string; status: string; bookedBy: string }) => [b.id, b.status, b.bookedBy])).toEqual([
      [recentBooking!.id, 'CANCELLED', 'FAMILY'],
      [made.body.id, 'CONFIRMED', 'OFFICE'],
    ]);
    const all = await admin.get(`/api/admin/users/${fam.id}/bookings?from=2026-01-01`);
    expect(all.body.map((b: { id: string }) => b.id)).toEqual([oldBooking!.id, recentBooking!.id, made.body.id]);
  });

  it('gives each child’s use of any week, for the office’s booking dialog', async () => {
    const fam = await family([['Ava', 2]]);
    const far = await session(inWeeks(5, 1, 17));
    await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: far.id, childNames: ['Ava'] });
    const week = far.startsAt.toISOString().slice(0, 10);
    const res = await admin.get(`/api/admin/users/${fam.id}/child-stats?week=${week}`);
    expect(res.status).toBe(200);
    expect(res.body.children).toEqual([{ name: 'Ava', used: 1, limit: 2, remaining: 1, makeupCredits: 0, makeupCreditExpiries: [] }]);
    expect((await admin.get(`/api/admin/users/${randomUUID()}/child-stats`)).status).toBe(404);
  });
});

describe('who is coming: GET /api/admin/sessions/:id/roster and its CSV', () => {
  it('lists every booked child with the family’s name, email and reference, by child name; cancelled bookings are not there', async () => {
    const a = await family([['Zara', 3]]);
    const b = await family([
      ['ava', 3],
      ['=Mallory', 3],
    ]);
    const c = await family([['Ben', 3]]);
    const friday = await session(inWeeks(1, 4, 18));
    const zara = await a.api.post('/api/bookings', { sessionId: friday.id, childNames: ['Zara'] });
    const both = await b.api.post('/api/bookings', { sessionId: friday.id, childNames: ['ava', '=Mallory'] });
    const ben = await c.api.post('/api/bookings', { sessionId: friday.id, childNames: ['Ben'] });
    await c.api.post(`/api/bookings/${ben.body.id}/cancel`);

    const res = await admin.get(`/api/admin/sessions/${friday.id}/roster`);
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ id: friday.id, capacity: 10, bookedCount: 3, classType: { name: 'Sprint Mechanics' } });
    expect(res.body.children.map((r: { childName: string; email: string; reference: string }) => [r.childName, r.email, r.reference])).toEqual([
      ['=Mallory', b.email, both.body.reference],
      ['ava', b.email, both.body.reference],
      ['Zara', a.email, zara.body.reference],
    ]);
    expect(res.body.children[2].familyName).toBe('Test Parent');

    // The raw bytes: fetch's text() would drop the byte order mark.
    const csv = await fetch(`${server.baseUrl}/api/admin/sessions/${friday.id}/roster/export.csv`, {
      headers: { cookie: `nb_session=${admin.cookie('nb_session')}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="roster-2026-11-18.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await csv.arrayBuffer()));
    const guardianHeaders = 'Guardian 1,Guardian 1 phone,Guardian 2,Guardian 2 phone,Guardian 3,Guardian 3 phone,Guardian 4,Guardian 4 phone';
    expect(text.startsWith(`\uFEFFChild,Family,Email,Reference,Booked by,Class,Starts,Location,Needs attention,${guardianHeaders}\r\n`)).toBe(true);
    expect(text).toContain(`\r\n'=Mallory,Test Parent,${b.email},${both.body.reference},Family,Sprint Mechanics,`);
    expect(text.trim().split('\r\n')).toHaveLength(4);
    expect((await admin.get(`/api/admin/sessions/${randomUUID()}/roster`)).status).toBe(404);
  });
});

describe('deleting a family with upcoming bookings', () => {
  it('is refused as before without the choice; with it, the bookings are cancelled, the spots freed, one email lists them', async () => {
    const fam = await family([
      ['Ava', 3],
      ['Leo', 3],
    ]);
    const monday = await session(inWeeks(1, 0, 17));
    const far = await session(inWeeks(3, 2, 17));
    const past = await session(new Date(NOW.getTime() - 7 * 86_400_000));
    const first = await fam.api.post('/api/bookings', { sessionId: monday.id, childNames: ['Ava', 'Leo'] });
    const second = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: far.id, childNames: ['Ava'] });
    const [old] = await db().insert(bookings).values({ familyId: fam.id, sessionId: past.id }).returning();

    const refused = await admin.request('DELETE', `/api/admin/users/${fam.id}`);
    expect([refused.status, refused.body.message]).toEqual([409, 'This user has 2 upcoming bookings. Cancel them before deleting the account.']);

    const res = await admin.request('DELETE', `/api/admin/users/${fam.id}?cancelUpcomingBookings=true`);
    expect([res.status, res.body]).toEqual([200, { message: 'User deleted' }]);
    const rows = await db().select().from(bookings).where(eq(bookings.familyId, fam.id));
    const statusOf = (id: string) => rows.find((r) => r.id === id)!.status;
    expect([statusOf(first.body.id), statusOf(second.body.id), statusOf(old!.id)]).toEqual(['CANCELLED', 'CANCELLED', 'CONFIRMED']);
    expect([await bookedCount(monday.id), await bookedCount(far.id)]).toEqual([0, 0]);

    // One e-mail for both (besides the two confirmations), each booking's calendar event cancelled in it.
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, fam.email)).orderBy(asc(emailOutbox.createdAt));
    expect(mail.map((m) => m.template ?? m.subject)).toEqual(['booking-confirmed', 'booking-confirmed', 'Your bookings were cancelled: 2 sessions']);
    const closing = mail[2]!;
    expect(closing.textBody).toContain(first.body.reference);
    expect(closing.textBody).toContain(second.body.reference);
    const attachments = closing.attachments as Array<{ contentType: string; content: string }>;
    expect(attachments.map((a) => a.contentType)).toEqual(['text/calendar; charset=utf-8; method=CANCEL', 'text/calendar; charset=utf-8; method=CANCEL']);
    expect(attachments[0]!.content).toContain('STATUS:CANCELLED');
    expect(attachments[0]!.content).toContain('SEQUENCE:1');

    expect((await actionsOf(fam.id)).map((a) => a.action)).toEqual(['BOOK', 'CANCEL', 'CANCEL', 'DELETE_FAMILY']);
    expect((await admin.get(`/api/admin/users/${fam.id}`)).status).toBe(404);
  });
});
