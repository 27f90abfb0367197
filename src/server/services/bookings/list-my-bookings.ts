import { eq } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { loadBookings } from './booking-dto';

/** Every booking of the caller, newest session last. */
export function listMyBookings(db: Database, actorId: string): Promise<BookingDto[]> {
  return loadBookings(db, eq(bookings.userId, actorId));
}
