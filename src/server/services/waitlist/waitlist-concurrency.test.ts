import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingChildren, bookings, sessions, waitlistEntries } from '../../db/schema';
import { createSession, nextTorontoWeekAt, signInNewParent } from '../../test-support/fixtures';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 21 under concurrency, through HTTP. On PostgreSQL (DATABASE_URL, as in CI) the requests run on separate pooled
// connections at the same time: the session's row lock, taken first by every write that changes its waitlist, must
// keep promotion to the spots that exist and each entry promoted at most once.
const nextWeek = (day: number, hour: number) => nextTorontoWeekAt(NOW, day, hour);
const { server, classType } = withApi({ seed: false, clock: () => NOW, classType: 'Waitlist Race' });
const db = () => server.database.db;

type Family = Awaited<ReturnType<typeof signInNewParent>>;
async function families(count: number, kids: (i: number) => Array<[string, number]>): Promise<Family[]> {
  const list: Family[] = [];
  for (let i = 0; i < count; i++) list.push(await signInNewParent(server, kids(i)));
  return list;
}

/** What the database holds for a session: its counters and the children its confirmed bookings really cover. */
async function state(sessionId: string) {
  const [row] = await db().select().from(sessions).where(eq(sessions.id, sessionId));
  const [{ spots } = { spots: -1 }] = await db()
    .select({ spots: sql<number>`count(*)::int` })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'CONFIRMED')));
  const entries = await db().select().from(waitlistEntries).where(eq(waitlistEntries.sessionId, sessionId));
  const waitingChildren = entries.filter((e) => e.status === 'WAITING').reduce((sum, e) => sum + e.childIds.length, 0);
  return { row: row!, spots, entries, waitingChildren };
}

describe('the waitlist under concurrency', { timeout: 180_000 }, () => {
  it(`simultaneous cancellations promote exactly as many children as they free, never one entry twice (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: nextWeek(1, 17), capacity: 6 });
    const holders = await families(6, (i) => [[`Holder${i}`, 3]]);
    const held: string[] = [];
    for (const [i, fam] of holders.entries()) held.push((await fam.api.post('/api/bookings', { sessionId: session.id, childNames: [`Holder${i}`] })).body.id);
    const waiting = await families(9, (i) => (i === 1 ? [[`Twin${i}a`, 3], [`Twin${i}b`, 3]] : [[`Wait${i}`, 3]]));
    for (const [i, fam] of waiting.entries()) {
      const names = i === 1 ? [`Twin${i}a`, `Twin${i}b`] : [`Wait${i}`];
      expect((await fam.api.post(`/api/sessions/${session.id}/waitlist`, { childNames: names })).status).toBe(201);
    }

    const results = await Promise.all(holders.map((fam, i) => fam.api.post(`/api/bookings/${held[i]}/cancel`)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));

    const after = await state(session.id);
    expect(after.row.bookedCount).toBe(6);
    expect(after.spots).toBe(6);
    const promoted = after.entries.filter((e) => e.status === 'PROMOTED');
    // Six spots freed: the first entries in line that fit (the twins' entry is second and needs two).
    expect(promoted.reduce((sum, e) => sum + e.childIds.length, 0)).toBe(6);
    expect(new Set(promoted.map((e) => e.bookingId)).size).toBe(promoted.length);
    const waitlistBookings = await db().select().from(bookings).where(and(eq(bookings.sessionId, session.id), eq(bookings.bookedBy, 'WAITLIST')));
    expect(waitlistBookings).toHaveLength(promoted.length);
    // Nobody holds two bookings of the session.
    expect(new Set(waitlistBookings.map((b) => b.familyId)).size).toBe(waitlistBookings.length);
    expect(after.row.waitlistCount).toBe(after.waitingChildren);
    expect(after.waitingChildren).toBe(10 - 6);
  });

  it('joins racing with cancellations: every spot taken once, counters true, no child both booked and waiting', async () => {
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: nextWeek(2, 17), capacity: 4 });
    const holders = await families(4, (i) => [[`Keeper${i}`, 3]]);
    const held: string[] = [];
    for (const [i, fam] of holders.entries()) held.push((await fam.api.post('/api/bookings', { sessionId: session.id, childNames: [`Keeper${i}`] })).body.id);
    const joiners = await families(12, (i) => [[`Joiner${i}`, 3]]);

    const results = await Promise.all([
      ...joiners.map((fam, i) => fam.api.post(`/api/sessions/${session.id}/waitlist`, { childNames: [`Joiner${i}`] })),
      ...holders.slice(0, 3).map((fam, i) => fam.api.post(`/api/bookings/${held[i]}/cancel`)),
    ]);
    // A join that came after a spot had freed and not yet been taken is told to book instead (409).
    for (const res of results) expect([200, 201, 409]).toContain(res.status);

    const after = await state(session.id);
    expect(after.row.bookedCount).toBe(after.spots);
    expect(after.row.bookedCount).toBeLessThanOrEqual(4);
    expect(after.row.waitlistCount).toBe(after.waitingChildren);
    const booked = new Set((await db().select().from(bookings).where(and(eq(bookings.sessionId, session.id), eq(bookings.status, 'CONFIRMED')))).map((b) => b.familyId));
    for (const entry of after.entries.filter((e) => e.status === 'WAITING')) expect(booked.has(entry.familyId)).toBe(false);
    // A spot is free only if nobody waits for it.
    if (after.row.bookedCount < 4) expect(after.waitingChildren).toBe(0);
  });

  it('a promotion and the family booking another session that week never take the child past the weekly limit', async () => {
    for (let round = 0; round < 4; round++) {
      const full = await createSession(db(), { classTypeId: classType.id, startsAt: nextWeek(3, 8 + round), capacity: 1 });
      const open = await createSession(db(), { classTypeId: classType.id, startsAt: nextWeek(4, 8 + round), capacity: 5 });
      const [holder, fam] = await families(2, (i) => [[i === 0 ? `Holder${round}` : `Limited${round}`, 1]]);
      const holding = (await holder!.api.post('/api/bookings', { sessionId: full.id, childNames: [`Holder${round}`] })).body.id;
      expect((await fam!.api.post(`/api/sessions/${full.id}/waitlist`, { childNames: [`Limited${round}`] })).status).toBe(201);

      await Promise.all([
        holder!.api.post(`/api/bookings/${holding}/cancel`),
        fam!.api.post('/api/bookings', { sessionId: open.id, childNames: [`Limited${round}`] }),
      ]);
      const mine = await db().select().from(bookings).where(and(eq(bookings.familyId, fam!.id), eq(bookings.status, 'CONFIRMED')));
      expect(mine).toHaveLength(1);
    }
  });
});
