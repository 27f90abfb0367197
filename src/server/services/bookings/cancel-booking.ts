import { eq } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { HttpError } from '../../http-error';
import { bookingCancelledEmail, type EmailContext } from '../email/booking-emails';
import { enqueueEmail } from '../email/outbox';
import { loadBooking } from './booking-dto';
import { changeBookedCount, lockSession } from './booking-rules';
import { lockOwnBooking } from './lock-own-booking';

export interface CancelBookingInput {
  actorId: string;
  bookingId: string;
  email: EmailContext;
  now?: Date;
}

/** Cancels one of the caller's future bookings and frees its spots, inside the caller's transaction. */
export async function cancelBooking(tx: Tx, input: CancelBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  const { booking, kids } = await lockOwnBooking(tx, input.bookingId, input.actorId);
  if (booking.status !== 'CONFIRMED') throw new HttpError(409, 'This booking is already cancelled');
  const session = await lockSession(tx, booking.sessionId);
  if (session.startsAt.getTime() <= now.getTime()) {
    throw new HttpError(409, 'Only future bookings can be cancelled');
  }
  await tx
    .update(bookings)
    .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now })
    .where(eq(bookings.id, booking.id));
  await changeBookedCount(tx, session.id, -kids.length);
  const dto = await loadBooking(tx, booking.id);
  await enqueueEmail(tx, bookingCancelledEmail(dto, input.email));
  return dto;
}
