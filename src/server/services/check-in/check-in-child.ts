import { and, eq, isNull } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import type { CheckInResponse } from '../../../shared/schemas/check-in';
import type { Tx } from '../../db/client';
import { bookingChildren, bookings, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { BOOKING_NOT_FOUND } from '../bookings/lock-own-booking';
import { assertCheckInOpen, assertConfirmed, bookingChildRow, toCheckInChildDto } from './check-in-rules';

export interface DoorAdmin {
  id: string;
  /** The administrator's name, kept with the record (the account may go). */
  name: string;
}

/**
 * The booking and its session for a write at the door, the booking row share-locked: a cancellation running at the
 * same moment waits for this transaction (or this one sees it cancelled), so no child is marked present on a booking
 * that is being cancelled.
 */
export async function lockBookingForDoor(tx: Tx, bookingId: string) {
  const [found] = await tx
    .select({ booking: bookings, session: sessions })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(eq(bookings.id, bookingId))
    .for('share', { of: bookings });
  if (!found) throw new HttpError(404, BOOKING_NOT_FOUND);
  return found;
}

/**
 * Marks one child of a booking present (issue 22): a confirmed booking, on its session's Toronto day. Idempotent and
 * safe when several administrators tap at once: the row is written only while it has no check-in (`checked_in_at
 * IS NULL` in the UPDATE, which PostgreSQL re-checks after a concurrent writer commits), so there is only ever the
 * first record; every later tap is told who checked the child in, and when.
 */
export async function checkInChild(
  tx: Tx,
  input: { bookingId: string; childId: string; admin: DoorAdmin; now: Date },
): Promise<CheckInResponse> {
  const { booking, session } = await lockBookingForDoor(tx, input.bookingId);
  assertConfirmed(booking);
  assertCheckInOpen(session, input.now);
  const [marked] = await tx
    .update(bookingChildren)
    .set({ checkedInAt: input.now, checkedInByAdminId: input.admin.id, checkedInByName: input.admin.name })
    .where(
      and(
        eq(bookingChildren.bookingId, booking.id),
        eq(bookingChildren.childId, input.childId),
        isNull(bookingChildren.checkedInAt),
        isNull(bookingChildren.cancelledAt),
      ),
    )
    .returning();
  const row = marked ?? (await bookingChildRow(tx, booking.id, input.childId));
  return { bookingId: booking.id, reference: bookingReference(booking.id), child: toCheckInChildDto(row), alreadyCheckedIn: !marked };
}
