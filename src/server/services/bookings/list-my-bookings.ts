import { eq } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { loadBookings } from './booking-dto';

/** Every booking of the caller's family (whoever of its guardians booked), newest session last. */
export async function listMyBookings(db: Database, familyId: string | null, now: Date): Promise<BookingDto[]> {
  if (!familyId) return [];
  return loadBookings(db, eq(bookings.familyId, familyId), now);
}
