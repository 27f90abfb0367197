import { sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { parentJson, runBookingStatement, type BookingParent } from './booking-statement';

export interface CancelBookingInput {
  actorId: string;
  /** The signed-in parent (the booking's owner: another parent's booking is 'Booking not found'). */
  parent: BookingParent;
  bookingId: string;
  now?: Date;
}

/** Cancels one of the caller's future bookings and frees its spots, in one statement (portal_cancel_booking). */
export function cancelBooking(tx: Tx, input: CancelBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  return runBookingStatement(
    tx,
    sql`portal_cancel_booking(${input.actorId}::uuid, ${input.bookingId}::uuid, ${now.toISOString()}::timestamptz, ${parentJson(input.parent)})`,
  );
}
