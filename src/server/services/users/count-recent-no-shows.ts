import { and, count, eq, gte, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { noShowWindowStart } from '../../../shared/rules/attendance';
import type { DbOrTx } from '../../db/client';
import { bookingChildren, bookings, sessions } from '../../db/schema';

/**
 * Issue 22: each family's no-shows of the last 30 days, for the users table's page: its CONFIRMED bookings whose
 * session started in [now - 30 days, now) with no child checked in. The same rule as bookingAttendance
 * (rules/attendance.ts), in SQL so only the counts leave the database. Asked only for the page's families: the
 * bookings come by bookings_family_idx, the sessions and check-ins by their primary keys. Families without any are
 * left out of the map (0).
 */
export async function countRecentNoShows(db: DbOrTx, input: { familyIds: readonly string[]; now: Date }): Promise<Map<string, number>> {
  if (!input.familyIds.length) return new Map();
  const rows = await db
    .select({ familyId: bookings.familyId, noShows: count() })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(
      and(
        inArray(bookings.familyId, [...input.familyIds]),
        eq(bookings.status, 'CONFIRMED'),
        gte(sessions.startsAt, noShowWindowStart(input.now)),
        lt(sessions.startsAt, input.now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookingChildren)
            .where(and(eq(bookingChildren.bookingId, bookings.id), isNotNull(bookingChildren.checkedInAt))),
        ),
      ),
    )
    .groupBy(bookings.familyId);
  return new Map(rows.map((row) => [row.familyId, row.noShows]));
}
