import { addDays, addMinutes } from 'date-fns';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { torontoTime } from '../../../shared/rules/week';
import { CHANGES_CHANNEL } from '../../cache/announcements';
import { topics } from '../../cache/read-caches';
import type { ReservationDto } from '../../../shared/schemas/bookings';
import { bookingChildren, bookings } from '../../db/schema';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { insertBooking } from '../../test-support/reminders';
import { withApi } from '../../test-support/with-api';
import { WEDNESDAY_9PM } from '../../test-support/clock';

// Issue 22, attendance in the office's reports, through real HTTP. The clock is pinned to Wednesday 2026-11-18
// 21:00 in Toronto (Thursday 02:00 UTC). Check-ins are written straight into booking_children (the door's
// check-in route is built elsewhere): these reports only read them.
const NOW = WEDNESDAY_9PM;
const toronto = (month: number, day: number, hour: number, minute = 0) => new Date(torontoTime(2026, month, day, hour, minute).getTime());

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });

const db = () => server.database.db;

/** Marks one child of a booking present at the door, as the check-in does. */
async function checkIn(bookingId: string, childName: string, at: Date) {
  const [kid] = await db()
    .update(bookingChildren)
    .set({ checkedInAt: at, checkedInByName: 'Adam Archer' })
    .where(and(eq(bookingChildren.bookingId, bookingId), eq(bookingChildren.childName, childName)))
    .returning();
  expect(kid).toBeDefined();
}

const cancel = (bookingId: string) => db().update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.id, bookingId));

describe('attendance in the reservations report (GET /api/admin/reservations)', () => {
  it("says 'attended' or 'no-show' for a started confirmed booking, nothing for a future or cancelled one, and each child's check-in", async () => {
    const classType = await createClassType(db(), { code: 'ATTR', name: 'Attendance Report' });
    const family = await createParent(db(), [
      ['Ava', 3],
      ['Leo', 3],
    ]);
    const at = async (startsAt: Date) => (await createSession(db(), { classTypeId: classType.id, startsAt })).id;
    const book = async (startsAt: Date, childNames: string[]) => insertBooking(db(), { userId: family.id, sessionId: await at(startsAt), childNames });

    // Monday: both children booked, only Leo came. Tuesday: Ava booked, nobody came. Sunday: cancelled.
    const twoKidsOneCame = await book(toronto(11, 16, 17), ['Ava', 'Leo']);
    await checkIn(twoKidsOneCame, 'Leo', toronto(11, 16, 16, 55));
    const nobodyCame = await book(toronto(11, 17, 17), ['Ava']);
    const cancelledPast = await book(toronto(11, 15, 10), ['Leo']);
    await cancel(cancelledPast);
    // Started half an hour ago and nobody checked in yet: a no-show until somebody is.
    const inProgress = await book(toronto(11, 18, 20, 30), ['Leo']);
    // Friday, not started: no attendance, even with a check-in already on it.
    const future = await book(toronto(11, 20, 17), ['Ava']);
    await checkIn(future, 'Ava', toronto(11, 18, 20, 0));
    // A cancelled booking in the future has none either.
    const cancelledFuture = await book(toronto(11, 21, 9), ['Leo']);
    await cancel(cancelledFuture);

    const res = await admin.get<ReservationDto[]>('/api/admin/reservations?classCode=ATTR');
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.map((row) => [row.id, row]));
    expect(res.body.map((row) => [row.id, row.status, row.attendance])).toEqual([
      [cancelledPast, 'CANCELLED', null],
      [twoKidsOneCame, 'CONFIRMED', 'attended'],
      [nobodyCame, 'CONFIRMED', 'no-show'],
      [inProgress, 'CONFIRMED', 'no-show'],
      [future, 'CONFIRMED', null],
      [cancelledFuture, 'CANCELLED', null],
    ]);
    expect(rows[twoKidsOneCame]!.children).toEqual([
      { name: 'Ava', checkedInAt: null },
      { name: 'Leo', checkedInAt: toronto(11, 16, 16, 55).toISOString() },
    ]);
    expect(rows[twoKidsOneCame]!.childNames).toEqual(['Ava', 'Leo']);
    expect(rows[nobodyCame]!.children).toEqual([{ name: 'Ava', checkedInAt: null }]);
    expect(rows[future]!.children).toEqual([{ name: 'Ava', checkedInAt: toronto(11, 18, 20, 0).toISOString() }]);
    // Who checked a child in stays in the database: the report does not send it.
    expect(JSON.stringify(res.body)).not.toContain('Adam Archer');

    // Checking Ava in for Tuesday turns that booking into 'attended' on the next read.
    await checkIn(nobodyCame, 'Ava', toronto(11, 17, 17, 10));
    const again = await admin.get<ReservationDto[]>('/api/admin/reservations?classCode=ATTR');
    expect(again.body.find((row) => row.id === nobodyCame)!.attendance).toBe('attended');
  });

  it("writes an Attendance column in the CSV: exactly 'attended', 'no-show' or empty", async () => {
    const classType = await createClassType(db(), { code: 'ATTC', name: 'Attendance CSV' });
    const family = await createParent(db(), [
      ['Kai', 3],
      ['Mia', 3],
    ]);
    const book = async (startsAt: Date, childNames: string[]) =>
      insertBooking(db(), { userId: family.id, sessionId: (await createSession(db(), { classTypeId: classType.id, startsAt })).id, childNames });
    const attended = await book(toronto(11, 16, 17), ['Kai', 'Mia']);
    await checkIn(attended, 'Mia', toronto(11, 16, 17, 2));
    await book(toronto(11, 17, 17), ['Kai']);
    const cancelled = await book(toronto(11, 17, 18), ['Mia']);
    await cancel(cancelled);
    await book(toronto(11, 25, 17), ['Kai']);

    const res = await admin.get<string>('/api/admin/reservations/export.csv?classCode=ATTC');
    expect(res.status).toBe(200);
    const records = parse(res.body, { bom: true }) as string[][];
    expect(records[0]).toEqual(['Reference', 'Parent', 'Email', 'Class', 'Session date', 'Session time', 'Booked on', 'Status', 'Attendance', 'Children']);
    expect(records.slice(1).map((row) => [row[4], row[5], row[7], row[8], row[9]])).toEqual([
      ['2026-11-16', '17:00', 'Confirmed', 'attended', 'Kai, Mia'],
      ['2026-11-17', '17:00', 'Confirmed', 'no-show', 'Kai'],
      ['2026-11-17', '18:00', 'Cancelled', '', 'Mia'],
      ['2026-11-25', '17:00', 'Confirmed', '', 'Kai'],
    ]);
  });
});

describe("the users table's no-shows of the last 30 days (GET /api/admin/users)", () => {
  it("counts the family's confirmed bookings of sessions started in the 30 days before now with nobody checked in", async () => {
    const classType = await createClassType(db(), { code: 'ATTU' });
    const family = await createParent(db(), [
      ['Noa', 7],
      ['Eli', 7],
    ], 'noshow-family');
    const other = await createParent(db(), [['Zoe', 7]], 'noshow-other');
    const quiet = await createParent(db(), [['Ivy', 7]], 'noshow-quiet');
    const book = async (userId: string, startsAt: Date, childNames: string[]) =>
      insertBooking(db(), { userId, sessionId: (await createSession(db(), { classTypeId: classType.id, startsAt })).id, childNames });
    const daysAgo = (days: number) => addDays(NOW, -days);

    // Counted: 29 days ago, 2 days ago (two children, nobody came) and one that started a minute ago.
    const twentyNineDaysAgo = await book(family.id, daysAgo(29), ['Noa']);
    await book(family.id, daysAgo(2), ['Noa', 'Eli']);
    await book(family.id, addMinutes(NOW, -1), ['Eli']);
    // Not counted: 31 days ago; attended (one of two children came); cancelled; not started yet.
    await book(family.id, daysAgo(31), ['Noa']);
    const attended = await book(family.id, daysAgo(5), ['Noa', 'Eli']);
    await checkIn(attended, 'Eli', daysAgo(5));
    await cancel(await book(family.id, daysAgo(3), ['Eli']));
    await book(family.id, addDays(NOW, 2), ['Noa']);
    // Another family's no-show is theirs only.
    await book(other.id, daysAgo(1), ['Zoe']);

    const noShowsOf = async (search: string) => {
      const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body.users as Array<{ email: string; noShows30d: number }>).map((user) => [user.email, user.noShows30d]));
    };
    expect(await noShowsOf(family.email)).toEqual({ [family.email]: 3 });
    expect(await noShowsOf(other.email)).toEqual({ [other.email]: 1 });
    expect(await noShowsOf(quiet.email)).toEqual({ [quiet.email]: 0 });
    // One page holding the three families: each row has its own count.
    expect(await noShowsOf('noshow-')).toEqual({ [family.email]: 3, [other.email]: 1, [quiet.email]: 0 });

    // Noa marked present for the session 29 days ago: one fewer on the next read.
    await checkIn(twentyNineDaysAgo, 'Noa', daysAgo(29));
    expect(await noShowsOf(family.email)).toEqual({ [family.email]: 2 });
  });
});

describe('a check-in and the read caches', () => {
  it("an UPDATE of booking_children.checked_in_at announces the family's topic (trigger of migration 0005)", async () => {
    // The office's reports (reservations, users) are not cached on the server; the family's own cached reads
    // (/api/me, /api/me/bookings) are tagged with its user topic, which this trigger announces.
    const classType = await createClassType(db(), { code: 'ATTN' });
    const family = await createParent(db(), [['Rio', 3]]);
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: toronto(11, 18, 18) });
    const bookingId = await insertBooking(db(), { userId: family.id, sessionId: session.id, childNames: ['Rio'] });
    const heard: string[] = [];
    const listening = await server.database.listen(CHANGES_CHANNEL, { message: (topic) => heard.push(topic), reset: () => undefined });
    try {
      await checkIn(bookingId, 'Rio', toronto(11, 18, 17, 58));
      const deadline = Date.now() + 3_000;
      while (!heard.includes(topics.family(family.id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toContain(topics.family(family.id));
    } finally {
      await listening.close();
    }
  });
});
