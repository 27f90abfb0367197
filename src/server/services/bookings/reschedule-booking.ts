import { sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { parentJson, runBookingStatement, type BookingParent } from './booking-statement';

export interface RescheduleBookingInput {
  actorId: string;
  /** The signed-in parent (the booking's owner). */
  parent: BookingParent;
  bookingId: string;
  newSessionId: string;
  now?: Date;
}

/**
 * Moves the same children to another future session inside the booking window, in one statement
 * (portal_reschedule_booking): the new spots are taken and the old ones freed together, or nothing changes.
 * The booking keeps its id (and so its reference); weekly limits are checked for the new session's week without
 * this booking. Its calendar event keeps its UID at a raised SEQUENCE, so the e-mailed file replaces the earlier one.
 */
export function rescheduleBooking(tx: Tx, input: RescheduleBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  return runBookingStatement(
    tx,
    sql`portal_reschedule_booking(${input.actorId}::uuid, ${input.bookingId}::uuid, ${input.newSessionId}::uuid, ${now.toISOString()}::timestamptz, ${parentJson(input.parent)})`,
  );
}
