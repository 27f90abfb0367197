import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { torontoTime } from '../../../shared/rules/week';
import { bookings, children, sessions, users, waitlistEntries } from '../../db/schema';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// The clock: Wednesday 2026-11-18 20:30 in Toronto, which is already Thursday 01:30 UTC. This Toronto week is
// Monday Nov 16 00:00 to Monday Nov 23 00:00 (05:00 UTC both); a UTC day or a UTC week would count other sessions.
const NOW = new Date(torontoTime(2026, 11, 18, 20, 30).getTime());
const at = (day: number, hour: number, minute = 0, month = 11) => new Date(torontoTime(2026, month, day, hour, minute).getTime());

let now = NOW;
// No demo data: every row below is known.
const { server } = withApi({ seed: false, clock: () => now, now: NOW });

const db = () => server.database.db;

describe('GET /api/admin/stats', () => {
  it('counts parents, this week’s confirmed bookings, today’s sessions and capacity alerts in Toronto time', async () => {
    // Accounts: 3 active parents, 1 unknown role (counted as a parent), 1 inactive parent, and the staff: 1 COACH
    // (issue 34), 1 ADMIN and 1 SUPER_ADMIN (not counted).
    const parents = [await createParent(db(), []), await createParent(db(), []), await createParent(db(), [])];
    const member = await createParent(db(), [], 'member');
    await db().update(users).set({ role: 'MEMBER' }).where(eq(users.id, member.id));
    const coach = await createParent(db(), [], 'coach');
    await db().update(users).set({ role: 'COACH' }).where(eq(users.id, coach.id));
    const inactive = await createParent(db(), [], 'inactive');
    await db().update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    const admin = await createParent(db(), [], 'admin');
    await db().update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
    const owner = await createParent(db(), [], 'owner');
    await db().update(users).set({ role: 'SUPER_ADMIN' }).where(eq(users.id, owner.id));

    const { id: classTypeId } = await createClassType(db());
    const session = async (startsAt: Date, { capacity = 10, booked = 0, cancelled = false } = {}) => {
      const row = await createSession(db(), { classTypeId, startsAt, capacity });
      await db()
        .update(sessions)
        .set({ bookedCount: booked, status: cancelled ? 'CANCELLED' : 'SCHEDULED' })
        .where(eq(sessions.id, row.id));
      return row;
    };

    // Today (Wednesday the 18th in Toronto).
    const todayEarly = await session(at(18, 0, 15)); // today; UTC date 18th
    const todayPastFull = await session(at(18, 10), { booked: 10 }); // today, started: no alert
    await session(at(18, 18), { booked: 10, cancelled: true }); // cancelled: neither today nor an alert
    const todayLaterFull = await session(at(18, 21), { booked: 10 }); // today, still ahead (UTC: the 19th): alert
    await session(at(17, 23, 45)); // yesterday in Toronto, the 18th in UTC
    await session(at(19, 10)); // tomorrow in Toronto, the 19th in UTC like now
    // The rest of this week.
    await session(at(20, 17), { capacity: 10, booked: 8 }); // 80%: not above it
    await session(at(21, 9), { capacity: 10, booked: 10 }); // full: alert
    const sundayNight = await session(at(22, 21), { capacity: 10, booked: 9 }); // 90%, Monday 02:00 UTC: alert
    await session(at(21, 12), { capacity: 10, booked: 10, cancelled: true }); // cancelled: no alert
    // Earlier this week, and the weeks around it.
    const mondayPastFull = await session(at(16, 9), { booked: 10 }); // this week but over: no alert
    const lastSundayNight = await session(at(15, 22), { booked: 10 }); // last week (Monday 03:00 UTC)
    const nextMonday = await session(at(23, 9), { booked: 10 }); // next week: no alert

    const book = async (sessionId: string, userId: string, status: 'CONFIRMED' | 'CANCELLED' = 'CONFIRMED') =>
      db().insert(bookings).values({ sessionId, familyId: userId, status });
    // This week: 6 confirmed, 1 cancelled.
    await book(mondayPastFull.id, parents[0]!.id);
    await book(mondayPastFull.id, parents[1]!.id);
    await book(mondayPastFull.id, parents[2]!.id, 'CANCELLED');
    await book(todayEarly.id, parents[0]!.id);
    await book(todayPastFull.id, parents[1]!.id);
    await book(todayLaterFull.id, parents[2]!.id);
    await book(sundayNight.id, parents[0]!.id); // Sunday 21:00 Toronto is Monday in UTC: still this week
    // Other weeks: not counted.
    await book(lastSundayNight.id, parents[0]!.id); // Sunday 22:00 Toronto of last week is Monday in UTC
    await book(nextMonday.id, parents[1]!.id);

    // Waiting (issue 21): two children for Sunday night count; today 21:00 is within the 2-hour cut-off (its
    // waitlist closed) and next Monday is next week: not counted.
    const waiting = await createParent(db(), [['Ava', 2], ['Leo', 2]], 'waiting');
    const kids = await db().select().from(children).where(eq(children.familyId, waiting.id));
    const wait = (sessionId: string, names: string[]) =>
      db()
        .insert(waitlistEntries)
        .values({ familyId: waiting.id, sessionId, childIds: names.map((n) => kids.find((k) => k.name === n)!.id), childNames: names });
    await wait(sundayNight.id, ['Ava', 'Leo']);
    await wait(todayLaterFull.id, ['Ava']);
    await wait(nextMonday.id, ['Leo']);

    const api = new ApiClient(server.baseUrl);
    await api.login(admin.email, admin.password);
    const res = await api.get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalParents: 5,
      weeklyBookings: 6,
      todaySessions: 3,
      capacityAlerts: 3,
      waitlistedThisWeek: 2,
      // No e-mail waits (routes/health-mail.test.ts has a mail outage).
      mail: { backlog: 0, oldestUnsentAgeSeconds: null, delayed: false },
    });
  });

  it('keeps Toronto days and weeks on the day the clocks go back (a 25-hour Sunday)', async () => {
    // Sunday 2026-11-01: Toronto moves from UTC-4 to UTC-5 at 02:00, so the day runs 04:00 to 05:00 UTC the
    // next morning, and the week (Monday Oct 26 04:00 UTC to Monday Nov 2 05:00 UTC) lasts 169 hours.
    now = at(1, 12, 0, 11);
    const parent = await createParent(db(), []);
    const admin = await createParent(db(), [], 'admin');
    await db().update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
    const { id: classTypeId } = await createClassType(db());
    const session = async (startsAt: Date, booked = 0) => {
      const row = await createSession(db(), { classTypeId, startsAt, capacity: 10 });
      await db().update(sessions).set({ bookedCount: booked }).where(eq(sessions.id, row.id));
      return row;
    };
    await session(at(31, 23, 30, 10)); // Saturday night: yesterday
    await session(at(1, 0, 30)); // before the change (04:30 UTC)
    const lastHour = await session(at(1, 23, 30), 10); // after it (Monday 04:30 UTC): today, full, ahead
    await session(at(2, 0, 30), 10); // Monday: next week
    await db().insert(bookings).values({ sessionId: lastHour.id, familyId: parent.id });

    const api = new ApiClient(server.baseUrl);
    await api.login(admin.email, admin.password);
    const res = await api.get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weeklyBookings: 1, todaySessions: 2, capacityAlerts: 1 });
  });
});
