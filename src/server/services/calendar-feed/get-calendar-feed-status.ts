import { eq } from 'drizzle-orm';
import type { CalendarFeedStatus } from '../../../shared/schemas/calendar-feed';
import type { Database } from '../../db/client';
import { families, users } from '../../db/schema';

/**
 * Whether the signed-in user has a calendar feed, and since when (issue 22). Read from the database, not from the
 * sign-in's cached user row, so it is right at once after a reset or a turn-off on any instance.
 */
export async function getCalendarFeedStatus(db: Database, userId: string): Promise<CalendarFeedStatus> {
  const [row] = await db
    .select({ hash: families.calendarFeedHash, createdAt: families.calendarFeedCreatedAt })
    .from(users)
    .innerJoin(families, eq(families.id, users.familyId))
    .where(eq(users.id, userId));
  const active = Boolean(row?.hash && row.createdAt);
  return { active, createdAt: active ? row!.createdAt!.toISOString() : null };
}
