import { and, eq, isNull } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import { formatShortDate, formatTime } from '../../../shared/rules/format';
import { torontoDateKey } from '../../../shared/rules/week';
import type { CheckInChildDto } from '../../../shared/schemas/check-in';
import type { DbOrTx } from '../../db/client';
import { bookingChildren, type classTypes, type sessions } from '../../db/schema';
import { HttpError } from '../../http-error';

export const CHILD_NOT_ON_BOOKING = 'That child is not on this booking.';

/** 'Tue, Nov 24 at 5:30 PM', Toronto time. */
export const sessionWhen = (startsAt: Date): string => `${formatShortDate(startsAt)} at ${formatTime(startsAt)}`;

/**
 * The door opens on the session's own Toronto day only (issue 22): a session of yesterday or tomorrow is refused,
 * whatever the day in UTC or on the server's clock. A cancelled session has no one to check in.
 */
export function assertCheckInOpen(session: typeof sessions.$inferSelect, now: Date): void {
  if (session.status === 'CANCELLED') throw new HttpError(409, 'This session was cancelled: there is no one to check in.');
  const day = torontoDateKey(session.startsAt);
  const today = torontoDateKey(now);
  if (day < today) throw new HttpError(409, `This session was on ${formatShortDate(session.startsAt)}: check-in is open on the session’s day only.`);
  if (day > today) throw new HttpError(409, `This session is on ${formatShortDate(session.startsAt)}: check-in opens that day (Toronto time).`);
}

/** A booking that is no longer confirmed is refused at the door. */
export function assertConfirmed(booking: { id: string; status: string }): void {
  if (booking.status !== 'CONFIRMED') throw new HttpError(409, `${bookingReference(booking.id)} was cancelled.`);
}

/** A booking for another session (another class, time or day), named so the office can send the family on. */
export function otherSessionMessage(bookingId: string, session: typeof sessions.$inferSelect, classType: typeof classTypes.$inferSelect): string {
  return `${bookingReference(bookingId)} is for ${classType.name} on ${sessionWhen(session.startsAt)}, not this session.`;
}

export function toCheckInChildDto(row: typeof bookingChildren.$inferSelect): CheckInChildDto {
  return {
    childId: row.childId,
    childName: row.childName,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    checkedInBy: row.checkedInAt ? row.checkedInByName : null,
  };
}

/** One child of a booking, or a 404 when the child is not on it (issue 32: a child whose place was cancelled is not). */
export async function bookingChildRow(db: DbOrTx, bookingId: string, childId: string) {
  const [row] = await db
    .select()
    .from(bookingChildren)
    .where(and(eq(bookingChildren.bookingId, bookingId), eq(bookingChildren.childId, childId), isNull(bookingChildren.cancelledAt)));
  if (!row) throw new HttpError(404, CHILD_NOT_ON_BOOKING);
  return row;
}
