import { sql, type SQL } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { bookingDtoFromFacts, type BookingFacts } from './booking-dto';
import { refusalError, type BookingRefusal } from './booking-refusals';

/** The signed-in parent as a booking's answer and e-mails show them (the functions store it with the e-mail). */
export interface BookingParent {
  firstName: string;
  lastName: string;
  email: string;
}

export const parentJson = (parent: BookingParent) =>
  sql`${JSON.stringify({ firstName: parent.firstName, lastName: parent.lastName, email: parent.email })}::jsonb`;

/**
 * Runs one of the booking functions of migration 0008 (`select portal_book(…)` and the like): one round trip
 * that checks, locks, writes and queues the e-mail inside the caller's transaction. A refusal comes back as a
 * value (nothing was written) and is thrown as its HttpError; otherwise the booking's answer is built from the
 * facts the function returned.
 */
export async function runBookingStatement(tx: Tx, call: SQL): Promise<BookingDto> {
  const result = await tx.execute(sql`select ${call} as result`);
  const answer = (result as unknown as { rows: Array<{ result: { booking: BookingFacts } | BookingRefusal }> }).rows[0]!.result;
  if ('refusal' in answer) throw refusalError(answer);
  return bookingDtoFromFacts(answer.booking);
}
