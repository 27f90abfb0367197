import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistEntryDto } from '../../shared/schemas/waitlist';
import { apiRequest } from './api';

const MY_WAITLIST_PATH = '/api/me/waitlist';

/**
 * The key of GET /api/me/waitlist (its path). Every booking write of the family invalidates it with the bookings
 * (lib/booking-cache.ts): another family's cancellation may have turned an entry into a booking (issue 21).
 */
export const myWaitlistKeys = {
  all: [MY_WAITLIST_PATH] as const,
};

/**
 * GET /api/me/waitlist: the family's WAITING entries whose waitlist is still open, soonest session first, each with
 * its place in line and the children held back by their weekly limit. Read by the dashboard's 'My Waitlists', the
 * calendar's 'Waitlist #N' markers and the booking dialog. Refetched when the window regains focus (with the
 * bookings, lib/my-bookings.ts): a spot freed by another family is promoted on the server while the parent is away.
 */
export function myWaitlistQuery() {
  return queryOptions<WaitlistEntryDto[], Error>({
    queryKey: myWaitlistKeys.all,
    queryFn: ({ signal }) => apiRequest<WaitlistEntryDto[]>('GET', MY_WAITLIST_PATH, undefined, { signal }),
    refetchOnWindowFocus: 'always',
  });
}

export function useMyWaitlist() {
  return useQuery(myWaitlistQuery());
}
