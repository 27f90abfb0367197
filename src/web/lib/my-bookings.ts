import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingDto } from '../../shared/schemas/bookings';
import { apiRequest } from './api';

const MY_BOOKINGS_PATH = '/api/me/bookings';

/** The key of GET /api/me/bookings (its path): booking changes, session moves and class renames invalidate it. */
export const myBookingsKeys = {
  all: [MY_BOOKINGS_PATH] as const,
};

/**
 * GET /api/me/bookings: the caller's bookings, every status, ordered by session start. Shared by the
 * dashboard, the calendar's 'Booked' markers and the confirmation screen. Refetched when the window regains focus,
 * with the waitlist (lib/my-waitlist.ts): a waiting entry may have become a booking meanwhile (issue 21).
 */
export function myBookingsQuery() {
  return queryOptions<BookingDto[], Error>({
    queryKey: myBookingsKeys.all,
    queryFn: ({ signal }) => apiRequest<BookingDto[]>('GET', MY_BOOKINGS_PATH, undefined, { signal }),
    refetchOnWindowFocus: 'always',
  });
}

export function useMyBookings(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...myBookingsQuery(), ...options });
}
