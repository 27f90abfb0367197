import { useQuery } from '@tanstack/react-query';
import type { BookingDto } from '../../shared/schemas/bookings';

/**
 * GET /api/me/bookings: the caller's bookings, every status, ordered by session start. Shared by the
 * dashboard, the calendar's 'Booked' markers and the confirmation screen; this hook owns the cache key.
 */
export const MY_BOOKINGS_QUERY_KEY = ['/api/me/bookings'] as const;

export function useMyBookings(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery<BookingDto[], Error>({ queryKey: MY_BOOKINGS_QUERY_KEY, ...options });
}
