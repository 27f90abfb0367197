import { sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { parentJson, runBookingStatement, type BookingParent } from './booking-statement';

export interface CreateBookingInput {
  actorId: string;
  /** The signed-in parent's name and address as the answer and the e-mail show them. */
  parent: BookingParent;
  sessionId: string;
  childNames: string[];
  now?: Date;
}

/**
 * Books one spot per named child, all or nothing, inside the caller's unit of work, in one statement
 * (portal_book, migration 0008): it holds the session's row lock (capacity) and the children's row locks
 * (weekly limits) until the commit, and queues the confirmation e-mail (rendered by the worker after the commit).
 */
export function createBooking(tx: Tx, input: CreateBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  return runBookingStatement(
    tx,
    sql`portal_book(${input.actorId}::uuid, ${input.sessionId}::uuid, ${sql.param(input.childNames)}::text[], ${now.toISOString()}::timestamptz, ${parentJson(input.parent)})`,
  );
}
