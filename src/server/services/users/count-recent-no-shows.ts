import { and, count, eq, exists, gte, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { noShowWindowStart } from '../../../shared/rules/attendance';
import type { DbOrTx } from '../../db/client';
import { bookingChildren, bookings, families, sessions } from '../../db/schema';

/**
 * Issue 22: each family's no-shows of the last 30 days, for the users table's page: its CONFIRMED bookings whose
 * session started in [now - 30 days, now) with no child checked in. The same rule as bookingAttendance
 * (rules/attendance.ts), in SQL so only the counts leave the database. Asked only for the page's families: the
 * bookings come by bookings_family_idx, the sessions and check-ins by their primary keys. Families without any are
 * left out of the map (0).
 *
 * Issue 32, `sinceLift` (the no-show rule, services/bookings/booking-pause.ts): only sessions that started at or after
 * the family's families.booking_pause_lifted_at count as well (rules/attendance.ts noShowCountStart). A booking with a
 * child cancelled alone stays CONFIRMED for the others: it is a no-show when none of the children it still holds came
 * (a cancelled child is never checked in), and never when it holds no child any more.
 */
export async function countRecentNoShows(
  db: DbOrTx,
  input: { familyIds: readonly string[]; now: Date; sinceLift?: boolean },
): Promise<Map<string, number>> {
  if (!input.familyIds.length) return new Map();
  const conditions = [
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
    // Issue 32: a booking that still holds a child (one whose every child was cancelled alone holds nobody to miss it).
    exists(
      db
        .select({ one: sql`1` })
        .from(bookingChildren)
        .where(and(eq(bookingChildren.bookingId, bookings.id), isNull(bookingChildren.cancelledAt))),
    ),
  ];
  if (input.sinceLift) conditions.push(or(isNull(families.bookingPauseLiftedAt), gte(sessions.startsAt, families.bookingPauseLiftedAt))!);
  const query = db
    .select({ familyId: bookings.familyId, noShows: count() })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .$dynamic();
  const rows = await (input.sinceLift ? query.innerJoin(families, eq(families.id, bookings.familyId)) : query)
    .where(and(...conditions))
    .groupBy(bookings.familyId);
  return new Map(rows.map((row) => [row.familyId, row.noShows]));
}
