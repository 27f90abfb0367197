import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, families, users } from '../db/schema';
import { book, booked } from '../test-support/bookings';
import { WEDNESDAY_9AM } from '../test-support/clock';
import { createSession, nextTorontoWeekAt, signInNewGuardian, signInNewParent } from '../test-support/fixtures';
import { withApi } from '../test-support/with-api';

// Issue 31, families (docs/product-rules.md "Families", decision 027), through HTTP: guardians of one family share
// its children, bookings, waiting entries and calendar feed; e-mails go to who acted and the others with copies on;
// weekly limits count the family's children whoever booked; a removed guardian loses access at once.
const NOW = WEDNESDAY_9AM;
let now: Date = NOW;
const nextWeek = (day: number, hour: number) => nextTorontoWeekAt(NOW, day, hour);

const {
  server,
  classType,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now, classType: 'Family Class' });
const db = () => server.database.db;
beforeEach(() => {
  now = NOW;
});

const session = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId: classType.id, startsAt, capacity });
const mailTo = (email: string, template: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)))
    .orderBy(asc(emailOutbox.createdAt));

/** A family with children, its first guardian signed in, and a second guardian (copies on unless told). */
async function twoGuardians(kids: Array<[string, number]>, second: { copyMe?: boolean; firstName?: string } = {}) {
  const first = await signInNewParent(server, kids);
  const other = await signInNewGuardian(server, first.id, { firstName: second.firstName ?? 'Sam', copyMe: second.copyMe });
  return { first, second: other };
}

describe('two guardians of one family', () => {
  it('see the same children, bookings and guardians; GET /api/me keeps the signed-in guardian and lists both', async () => {
    const { first, second } = await twoGuardians([['Ava', 3], ['Leo', 3]]);
    const s = await session(nextWeek(1, 17));
    const bookingId = await booked(second, s.id, ['Ava']);

    const meFirst = (await first.api.get('/api/me')).body;
    const meSecond = (await second.api.get('/api/me')).body;
    expect(meSecond).toMatchObject({ id: second.id, email: second.email, firstName: 'Sam', firstChildName: 'Ava', secondChildName: 'Leo' });
    expect(meFirst.children).toEqual(meSecond.children);
    expect(meSecond.guardians).toEqual([
      expect.objectContaining({ id: first.id, email: first.email, isYou: false, hasPassword: true }),
      expect.objectContaining({ id: second.id, email: second.email, firstName: 'Sam', isYou: true, copyMe: true }),
    ]);
    // Never a hash in the guardians' list.
    expect(JSON.stringify(meSecond.guardians)).not.toMatch(/argon2/);

    const listed = (await first.api.get('/api/me/bookings')).body as Array<{ id: string; bookedByGuardian: string | null }>;
    expect(listed.map((b) => b.id)).toEqual([bookingId]);
    expect(listed[0]!.bookedByGuardian).toBe('Sam Guardian');
    // The first guardian cancels what the second booked: it is the family's.
    expect((await first.api.post(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    expect(((await second.api.get('/api/me/bookings')).body as Array<{ status: string }>)[0]!.status).toBe('CANCELLED');
  });

  it("count the family's children whoever booked: the second guardian cannot pass a child's weekly limit", async () => {
    const { first, second } = await twoGuardians([['Ava', 1]]);
    const [monday, tuesday] = [await session(nextWeek(0, 17)), await session(nextWeek(1, 17))];
    await booked(first, monday.id, ['Ava']);
    const refused = await book(second, tuesday.id, ['Ava']);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WEEKLY_LIMIT_REACHED');
  });

  it("race for a child's last weekly spot: one booking wins, the other is refused", async () => {
    const { first, second } = await twoGuardians([['Ava', 1]]);
    const [a, b] = [await session(nextWeek(2, 17)), await session(nextWeek(3, 17))];
    const answers = await Promise.all([book(first, a.id, ['Ava']), book(second, b.id, ['Ava'])]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.status === 409)!.body.code).toBe('WEEKLY_LIMIT_REACHED');
    const rows = await db().select().from(bookings).where(and(eq(bookings.familyId, first.id), eq(bookings.status, 'CONFIRMED')));
    expect(rows).toHaveLength(1);
  });

  it('email the guardian who acted and the others with copies on; the office writes to every guardian', async () => {
    const { first, second } = await twoGuardians([['Ava', 3]]);
    const quiet = await signInNewGuardian(server, first.id, { firstName: 'Quinn', copyMe: false });
    const s = await session(nextWeek(1, 9));
    await booked(second, s.id, ['Ava']);
    expect(await mailTo(second.email, 'booking-confirmed')).toHaveLength(1);
    expect(await mailTo(first.email, 'booking-confirmed')).toHaveLength(1);
    expect(await mailTo(quiet.email, 'booking-confirmed')).toHaveLength(0);
    // Each copy greets its own reader.
    const [copy] = await mailTo(first.email, 'booking-confirmed');
    expect((copy!.templateData as { user: { email: string; firstName: string } }).user).toMatchObject({ email: first.email, firstName: 'Test' });

    const office = await admin.post('/api/admin/bookings', { userId: second.id, sessionId: (await session(nextWeek(2, 9))).id, childNames: ['Ava'] });
    expect(office.status, JSON.stringify(office.body)).toBe(201);
    for (const email of [first.email, second.email, quiet.email]) expect(await mailTo(email, 'booking-confirmed')).toHaveLength(email === quiet.email ? 1 : 2);
  });

  it('share one calendar feed: made by one guardian, seen and reset by the other', async () => {
    const { first, second } = await twoGuardians([['Ava', 3]]);
    const made = await first.api.post('/api/me/calendar-feed');
    expect(made.status).toBe(201);
    expect((await second.api.get('/api/me/calendar-feed')).body).toMatchObject({ active: true });
    const [family] = await db().select().from(families).where(eq(families.id, first.id));
    expect(family!.calendarFeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await second.api.request('DELETE', '/api/me/calendar-feed')).status).toBe(204);
    expect((await first.api.get('/api/me/calendar-feed')).body).toMatchObject({ active: false });
  });

  it("a guardian deleted by the office loses access at once; the family, its children and bookings stay with the other", async () => {
    const { first, second } = await twoGuardians([['Ava', 3]]);
    const s = await session(nextWeek(1, 11));
    const bookingId = await booked(first, s.id, ['Ava']);
    const removed = await admin.request('DELETE', `/api/admin/users/${second.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await second.api.get('/api/me')).status).toBe(401);
    expect((await second.api.post(`/api/bookings/${bookingId}/cancel`)).status).toBe(401);
    const me = (await first.api.get('/api/me')).body;
    expect(me.guardians.map((g: { id: string }) => g.id)).toEqual([first.id]);
    expect(me.firstChildName).toBe('Ava');
    expect(((await first.api.get('/api/me/bookings')).body as Array<{ status: string }>)[0]!.status).toBe('CONFIRMED');
    const [family] = await db().select().from(families).where(eq(families.id, first.id));
    expect(family!.deletedAt).toBeNull();
  });

  it("another family's guardian sees none of it and cannot touch it (404, nothing changed)", async () => {
    const { first } = await twoGuardians([['Ava', 3]]);
    const stranger = await signInNewParent(server, [['Zed', 3]]);
    const s = await session(nextWeek(4, 10));
    const bookingId = await booked(first, s.id, ['Ava']);
    expect((await stranger.api.post(`/api/bookings/${bookingId}/cancel`)).status).toBe(404);
    expect((await book(stranger, s.id, ['Ava'])).body.code).toBe('NOT_YOUR_CHILDREN');
    expect((await stranger.api.get('/api/me')).body.guardians.map((g: { id: string }) => g.id)).toEqual([stranger.id]);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.status).toBe('CONFIRMED');
  });
});

describe('the office and families', () => {
  it('lists each guardian as an account with the family’s plan and children; deleting the last guardian deletes the family', async () => {
    const { first, second } = await twoGuardians([['Ava', 2]]);
    await db().update(families).set({ planTier: 'THREE' }).where(eq(families.id, first.id));
    const list = await admin.get(`/api/admin/users?search=${encodeURIComponent('Ava')}&limit=100`);
    const rows = (list.body.users as Array<{ id: string; planTier: string; firstChildName: string | null }>).filter((u) => [first.id, second.id].includes(u.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ planTier: 'THREE', firstChildName: 'Ava' });

    expect((await admin.request('DELETE', `/api/admin/users/${second.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/users/${first.id}`)).status).toBe(200);
    const [family] = await db().select().from(families).where(eq(families.id, first.id));
    expect(family!.deletedAt).not.toBeNull();
    const left = await db().select().from(users).where(inArray(users.id, [first.id, second.id]));
    expect(left.every((u) => u.deletedAt !== null && !u.isActive)).toBe(true);
  });
});
