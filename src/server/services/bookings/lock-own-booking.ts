import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingChildren, bookings } from '../../db/schema';
import { HttpError } from '../../http-error';

export const BOOKING_NOT_FOUND = 'Booking not found';

/** The caller's booking, locked; another parent's booking is indistinguishable from a missing one (404). */
export async function lockOwnBooking(tx: Tx, bookingId: string, actorId: string) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.familyId, actorId)))
    .for('update');
  if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
  const kids = await tx
    .select()
    .from(bookingChildren)
    .where(and(eq(bookingChildren.bookingId, booking.id), isNull(bookingChildren.cancelledAt)));
  return { booking, kids };
}
