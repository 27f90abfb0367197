import { subDays } from 'date-fns';
import { and, eq, exists, gte, isNull, sql } from 'drizzle-orm';
import { bookingCalendarFeed, bookingEventInput } from '../../../shared/rules/calendar-event';
import { startOfTorontoDay } from '../../../shared/rules/week';
import type { Database } from '../../db/client';
import { bookings, families, sessions, users } from '../../db/schema';
import { loadBookings } from '../bookings/booking-dto';
import { hashCalendarFeedToken, tokenOfFeedFile } from './calendar-feed-token';

/**
 * How far back the feed reaches: bookings whose session starts on or after the Toronto day 30 days before today
 * stay in it (last month's sessions remain in the family's calendar), older ones drop out, so the file does not
 * grow for ever. Every future confirmed booking is in it.
 */
export const CALENDAR_FEED_PAST_DAYS = 30;

/**
 * The family's calendar feed (issue 22) behind the file name `<token>.ics`, as an iCalendar text: one VEVENT per
 * CONFIRMED booking of the account whose session starts on or after the Toronto day CALENDAR_FEED_PAST_DAYS before `now`'s,
 * each exactly as the booking's e-mailed file has it (same UID, SEQUENCE = bookings.calendar_sequence, UTC
 * times). A cancelled booking is left out; a rescheduled one is at its new session. Read from the database on
 * every request (no cache): a reset or turn-off takes effect at once. null (the route answers 404, the same for
 * every case) for a name that is no token, a token no account holds (never made, reset, turned off), and an
 * account that is deleted or deactivated.
 */
export async function readCalendarFeed(
  db: Database,
  input: { file: string; now: Date; businessName: string },
): Promise<string | null> {
  const token = tokenOfFeedFile(input.file);
  if (!token) return null;
  // A live family with at least one active guardian (a family whose guardians are all switched off reads nothing).
  const [owner] = await db
    .select({ id: families.id })
    .from(families)
    .where(
      and(
        eq(families.calendarFeedHash, hashCalendarFeedToken(token)),
        isNull(families.deletedAt),
        exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.familyId, families.id), isNull(users.deletedAt), eq(users.isActive, true)))),
      ),
    );
  if (!owner) return null;
  const since = new Date(subDays(startOfTorontoDay(input.now), CALENDAR_FEED_PAST_DAYS).getTime());
  const booked = await loadBookings(
    db,
    and(eq(bookings.familyId, owner.id), eq(bookings.status, 'CONFIRMED'), gte(sessions.startsAt, since))!,
  );
  return bookingCalendarFeed(
    booked.map((booking) => bookingEventInput(booking, input.businessName)),
    input.businessName,
  );
}
