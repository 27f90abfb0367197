import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { ChildStatsResponse } from '../../../shared/schemas/bookings';
import { torontoMidnightOf, torontoWeekOf } from '../../../shared/rules/week';
import type { Database } from '../../db/client';
import { bookingChildren, bookings, children, sessions } from '../../db/schema';

/** Per child of the caller: confirmed bookings in the Toronto week holding `week` (YYYY-MM-DD), limit, remaining. */
export async function getChildStats(db: Database, actorId: string, week: string | undefined, now = new Date()): Promise<ChildStatsResponse> {
  // A calendar date names a Toronto day; a date-time names an instant.
  const range = torontoWeekOf(!week ? now : week.length === 10 ? torontoMidnightOf(week) : new Date(week));
  const rows = await db
    .select({
      name: children.name,
      limit: children.weeklyLimit,
      used: sql<number>`count(${sessions.id})::int`,
    })
    .from(children)
    .leftJoin(bookingChildren, eq(bookingChildren.childId, children.id))
    .leftJoin(bookings, and(eq(bookings.id, bookingChildren.bookingId), eq(bookings.status, 'CONFIRMED')))
    .leftJoin(
      sessions,
      and(eq(sessions.id, bookings.sessionId), gte(sessions.startsAt, range.start), lt(sessions.startsAt, range.end)),
    )
    .where(eq(children.userId, actorId))
    .groupBy(children.id, children.name, children.weeklyLimit, children.position)
    .orderBy(asc(children.position));
  return {
    weekStart: new Date(range.start.getTime()).toISOString(),
    children: rows.map((row) => ({
      name: row.name,
      used: row.used,
      limit: row.limit,
      remaining: Math.max(0, row.limit - row.used),
    })),
  };
}
