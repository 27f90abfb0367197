import { and, count, eq, gt, gte, lt, ne, notInArray, sql } from 'drizzle-orm';
import { addDays } from 'date-fns';
import { NEARLY_FULL_PERCENT } from '../../../shared/rules/session-card';
import type { AdminStats } from '../../../shared/schemas/stats';
import { startOfTorontoDay, torontoWeekOf } from '../../../shared/rules/week';
import type { Database } from '../../db/client';
import { bookings, sessions, users } from '../../db/schema';
import { mailBacklog } from '../../mail/mail-backlog';
import { waitlistClosesBefore } from '../waitlist/list-waitlist';
import { STAFF_ROLES } from '../../../shared/rules/roles';

/** The admin dashboard numbers and the mail backlog; their definitions are in src/shared/schemas/stats.ts and the README. */
export async function getAdminStats(db: Database, { now, waitlistCutoffHours }: { now: Date; waitlistCutoffHours: number }): Promise<AdminStats> {
  const week = torontoWeekOf(now);
  const dayStart = startOfTorontoDay(now);
  const dayEnd = addDays(dayStart, 1);
  const scheduled = ne(sessions.status, 'CANCELLED');

  const [[parents], [weekly], [today], [alerts], [waiting], mail] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isActive, true), notInArray(users.role, [...STAFF_ROLES]))),
    db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
      .where(and(eq(bookings.status, 'CONFIRMED'), gte(sessions.startsAt, week.start), lt(sessions.startsAt, week.end))),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(scheduled, gte(sessions.startsAt, dayStart), lt(sessions.startsAt, dayEnd))),
    db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          scheduled,
          gte(sessions.startsAt, now),
          lt(sessions.startsAt, week.end),
          // Full, or booked share above 80% (the same whole-number test as adminSessionStatus).
          sql`(${sessions.bookedCount} >= ${sessions.capacity} or ${sessions.bookedCount} * 100 > ${sessions.capacity} * ${sql.raw(String(NEARLY_FULL_PERCENT))})`,
        ),
      ),
    // Children waiting (issue 21) for this week's sessions whose waitlist is still open.
    db
      .select({ n: sql<number>`coalesce(sum(${sessions.waitlistCount}), 0)::integer` })
      .from(sessions)
      .where(and(scheduled, gt(sessions.startsAt, waitlistClosesBefore(now, waitlistCutoffHours)), lt(sessions.startsAt, week.end))),
    mailBacklog(db),
  ]);
  return {
    totalParents: parents?.n ?? 0,
    weeklyBookings: weekly?.n ?? 0,
    todaySessions: today?.n ?? 0,
    capacityAlerts: alerts?.n ?? 0,
    waitlistedThisWeek: Number(waiting?.n ?? 0),
    mail,
  };
}
