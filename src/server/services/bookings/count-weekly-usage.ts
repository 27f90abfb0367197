import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { torontoWeekOf } from '../../../shared/rules/week';
import type { DbOrTx } from '../../db/client';
import { bookingChildren, bookings, sessions } from '../../db/schema';

export interface CountWeeklyUsageInput {
  childIds: readonly string[];
  /** Any instant of the Toronto week (Monday 00:00 to the next Monday 00:00) to count. */
  weekOf: Date;
  /** A booking left out of the count (a reschedule re-checks the limits without the booking being moved). */
  excludeBookingId?: string | undefined;
}

/**
 * The one definition of a child's weekly use: confirmed spots (booking_children rows of CONFIRMED bookings)
 * whose session starts in the Toronto week. Children without any are absent from the map (use 0). Works on
 * the database or inside a transaction (pass the transaction to see its own writes and locks).
 */
export async function countWeeklyUsage(db: DbOrTx, { childIds, weekOf, excludeBookingId }: CountWeeklyUsageInput): Promise<Map<string, number>> {
  if (!childIds.length) return new Map();
  const week = torontoWeekOf(weekOf);
  const conditions: SQL[] = [
    inArray(bookingChildren.childId, [...childIds]),
    eq(bookings.status, 'CONFIRMED'),
    gte(sessions.startsAt, week.start),
    lt(sessions.startsAt, week.end),
  ];
  if (excludeBookingId) conditions.push(ne(bookings.id, excludeBookingId));
  const rows = await db
    .select({ childId: bookingChildren.childId, used: sql<number>`count(*)::int` })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(and(...conditions))
    .groupBy(bookingChildren.childId);
  return new Map(rows.map((row) => [row.childId, row.used]));
}
