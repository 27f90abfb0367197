import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingChildren, bookings, sessions, users } from '../../db/schema';
import { createParent, createSession, nextTorontoWeekAt, signInNewParent } from '../../test-support/fixtures';
import { ApiClient as Client } from '../../test-support/test-server';
import type { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Many simultaneous requests through HTTP. On PostgreSQL (DATABASE_URL set, as in CI) they run on
// separate pooled connections at the same time; the row locks must keep every rule.
const nextWeek = (day: number, hour: number) => nextTorontoWeekAt(NOW, day, hour);

const { server, classType } = withApi({ seed: false, clock: () => NOW, classType: 'Race Class' });

const signedIn = async (kids: Array<[string, number]>) => (await signInNewParent(server, kids)).api;

/**
 * `count` families signed in one after another: the races under test are the bookings. All test clients share
 * one address, and the sign-in throttle holds an attempt of that address (at most 20) while each password is
 * checked, so two dozen sign-ins at the same instant would be refused by design (login-throttle.ts).
 */
async function signedInFamilies(count: number, kids: (i: number) => Array<[string, number]>) {
  const families: ApiClient[] = [];
  for (let i = 0; i < count; i++) families.push(await signedIn(kids(i)));
  return families;
}

// Each test first signs its families in one by one with real password checks: on a busy 2-core machine that alone
// can pass the default 30 s, so these tests get more time (the races themselves take well under a second).
describe('booking under concurrency', { timeout: 120_000 }, () => {
  it(`never oversells a session: 24 parents race for 5 spots (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(1, 17), capacity: 5 });
    const parents = await signedInFamilies(24, (i) => [[`Kid${i}`, 3]]);
    const results = await Promise.all(
      parents.map((api, i) => api.post('/api/bookings', { sessionId: session.id, childNames: [`Kid${i}`] })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.body.message).toBe('This session is full');

    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.bookedCount).toBe(5);
    const [{ spots } = { spots: -1 }] = await server.database.db
      .select({ spots: sql<number>`count(*)::int` })
      .from(bookingChildren)
      .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
      .where(eq(bookings.sessionId, session.id));
    expect(spots).toBe(5);
  });

  it('the office and 20 parents race for the last 3 spots: exactly 3 are booked (issue 19)', async () => {
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(1, 19), capacity: 3 });
    const parents = await signedInFamilies(20, (i) => [[`Runner${i}`, 3]]);
    const office = await createParent(server.database.db, [], 'office');
    await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, office.id));
    const admin = new Client(server.baseUrl);
    await admin.login(office.email, office.password);
    const phoned = await createParent(server.database.db, [['Caller', 3]]);

    const results = await Promise.all([
      admin.post('/api/admin/bookings', { userId: phoned.id, sessionId: session.id, childNames: ['Caller'], note: 'By phone' }),
      ...parents.map((api, i) => api.post('/api/bookings', { sessionId: session.id, childNames: [`Runner${i}`] })),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.bookedCount).toBe(3);
    const [{ spots } = { spots: -1 }] = await server.database.db
      .select({ spots: sql<number>`count(*)::int` })
      .from(bookingChildren)
      .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
      .where(eq(bookings.sessionId, session.id));
    expect(spots).toBe(3);
  });

  it("bookings that arrive together share a unit of work, and each family still gets its own answer", async () => {
    const small = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(3, 9), capacity: 2 });
    const roomy = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(3, 11), capacity: 20 });
    const families = await signedInFamilies(12, (i) => [[`Kid${i}`, 3]]);
    // Count the units of work the twelve requests take (the group runs each through app.unitOfWork).
    const unitOfWork = server.app.unitOfWork;
    let unitsOfWork = 0;
    server.app.unitOfWork = ((work: Parameters<typeof unitOfWork>[0]) => {
      unitsOfWork++;
      return unitOfWork(work);
    }) as typeof unitOfWork;
    try {
      const results = await Promise.all(
        families.map((api, i) =>
          i < 4
            ? api.post('/api/bookings', { sessionId: small.id, childNames: [`Kid${i}`] }) // 2 spots for 4 families
            : i < 8
              ? api.post('/api/bookings', { sessionId: roomy.id, childNames: [`Kid${i + 1}`] }) // someone else's child
              : api.post('/api/bookings', { sessionId: roomy.id, childNames: [`Kid${i}`] }),
        ),
      );
      // PostgreSQL: requests that arrive while a group commits run together. PGlite has one connection, so each
      // request's session lookup waits for the group before it: there every booking is a group of its own.
      if (server.database.kind === 'postgres') expect(unitsOfWork).toBeLessThan(12);
      else expect(unitsOfWork).toBeLessThanOrEqual(12);
      const small201 = results.slice(0, 4).filter((r) => r.status === 201);
      expect(small201).toHaveLength(2);
      for (const refused of results.slice(0, 4).filter((r) => r.status !== 201)) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe('This session is full');
      }
      for (const refused of results.slice(4, 8)) expect(refused.status).toBe(400);
      for (const [i, booked] of results.slice(8).entries()) {
        expect(booked.status).toBe(201);
        expect(booked.body.childNames).toEqual([`Kid${i + 8}`]);
      }
    } finally {
      server.app.unitOfWork = unitOfWork;
    }
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.id, roomy.id));
    expect(rows[0]!.bookedCount).toBe(4);
  });

  it('never oversells with multi-child bookings: families of two race for 7 spots', async () => {
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(2, 17), capacity: 7 });
    const families = await signedInFamilies(10, () => [['Ann', 2], ['Ben', 2]]);
    const results = await Promise.all(
      families.map((api) => api.post('/api/bookings', { sessionId: session.id, childNames: ['Ann', 'Ben'] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.bookedCount).toBe(6);
  });

  it("never lets one child exceed the weekly limit: the same child races into 8 sessions of one week", async () => {
    const api = await signedIn([['Solo', 2]]);
    const week = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(i % 7, 8 + i), capacity: 10 }),
      ),
    );
    const results = await Promise.all(week.map((s) => api.post('/api/bookings', { sessionId: s.id, childNames: ['Solo'] })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Solo has reached the weekly limit of 2 sessions for that week');
    }
    const stats = await api.get(`/api/me/child-stats?week=${nextWeek(0, 12).toISOString().slice(0, 10)}`);
    expect(stats.body.children).toEqual([{ name: 'Solo', used: 2, limit: 2, remaining: 0, makeupCredits: 0, makeupCreditExpiries: [] }]);
  });

  it('books one child into one session once, however many tabs submit at the same time', async () => {
    const api = await signedIn([['Twin', 7]]);
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(4, 9), capacity: 10 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.post('/api/bookings', { sessionId: session.id, childNames: ['Twin'] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.body.message).toBe('Twin is already booked in this session');
    }
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.bookedCount).toBe(1);
  });

  it('keeps counts exact when reschedules and cancellations race with new bookings', async () => {
    const a = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(5, 10), capacity: 4 });
    const b = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(5, 12), capacity: 4 });
    const movers = await signedInFamilies(4, (i) => [[`M${i}`, 7]]);
    const booked = await Promise.all(movers.map((api, i) => api.post('/api/bookings', { sessionId: a.id, childNames: [`M${i}`] })));
    const newcomers = await signedInFamilies(6, (i) => [[`N${i}`, 7]]);
    await Promise.all([
      ...movers.map((api, i) =>
        i % 2 === 0
          ? api.post(`/api/bookings/${booked[i]!.body.id}/reschedule`, { newSessionId: b.id })
          : api.post(`/api/bookings/${booked[i]!.body.id}/cancel`),
      ),
      ...newcomers.map((api, i) => api.post('/api/bookings', { sessionId: i % 2 ? a.id : b.id, childNames: [`N${i}`] })),
    ]);
    for (const s of [a, b]) {
      const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, s.id));
      const [{ spots } = { spots: -1 }] = await server.database.db
        .select({ spots: sql<number>`count(*)::int` })
        .from(bookingChildren)
        .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
        .where(sql`${bookings.sessionId} = ${s.id} and ${bookings.status} = 'CONFIRMED'`);
      expect(row!.bookedCount).toBe(spots);
      expect(row!.bookedCount).toBeLessThanOrEqual(4);
    }
  });
});
