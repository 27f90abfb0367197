import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminBookingDto, OfficeBookingBody, OfficeRescheduleBody } from '../../../../shared/schemas/bookings';
import { adminStatsKeys, familyKeys, reservationsKeys, rosterKeys } from '../../../lib/admin-queries';
import type { DetailsToRecord } from '../../../components/child-details-ask-rules';
import { apiRequest } from '../../../lib/api';
import { BOOKING_DEPENDENT_QUERY_KEYS } from '../../../lib/booking-cache';

/** What an office booking change makes stale: the family page, reservations, rosters, the stat cards, the calendars. */
export async function refreshAfterOfficeChange(queryClient: QueryClient): Promise<void> {
  const keys = [familyKeys.all, reservationsKeys.all, rosterKeys.all, adminStatsKeys.all, ...BOOKING_DEPENDENT_QUERY_KEYS];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const bookingPath = (bookingId: string) => `/api/admin/bookings/${encodeURIComponent(bookingId)}`;

/**
 * The front desk's writes (issue 19), each with the attempt's Idempotency-Key (lib/idempotency.ts) so a double
 * click or a retry after a lost answer books, cancels or moves once. The reads refresh after a refusal too (the
 * booking may have changed meanwhile).
 */
export function useOfficeBook() {
  const queryClient = useQueryClient();
  return useMutation<AdminBookingDto, Error, { body: OfficeBookingBody; idempotencyKey: string }>({
    mutationFn: ({ body, idempotencyKey }) => apiRequest<AdminBookingDto>('POST', '/api/admin/bookings', body, { idempotencyKey }),
    onSettled: () => refreshAfterOfficeChange(queryClient),
  });
}

export function useOfficeCancel() {
  const queryClient = useQueryClient();
  return useMutation<AdminBookingDto, Error, { bookingId: string; note?: string | undefined; childNames?: string[] | undefined; idempotencyKey: string }>({
    mutationFn: ({ bookingId, note, childNames, idempotencyKey }) =>
      apiRequest<AdminBookingDto>('POST', `${bookingPath(bookingId)}/cancel`, { ...(note && { note }), ...(childNames && { childNames }) }, { idempotencyKey }),
    onSettled: () => refreshAfterOfficeChange(queryClient),
  });
}

export function useOfficeReschedule() {
  const queryClient = useQueryClient();
  return useMutation<AdminBookingDto, Error, { bookingId: string; body: OfficeRescheduleBody; idempotencyKey: string }>({
    mutationFn: ({ bookingId, body, idempotencyKey }) =>
      apiRequest<AdminBookingDto>('POST', `${bookingPath(bookingId)}/reschedule`, body, { idempotencyKey }),
    onSettled: () => refreshAfterOfficeChange(queryClient),
  });
}

/**
 * Issue 31: the front desk records a chosen child's missing date of birth and/or sex before it books, one
 * PATCH /api/admin/users/:familyUserId/children/:childId per child. The family page comes back before the booking
 * goes ahead, so the dialog then knows the details.
 */
export function useOfficeSaveChildDetails(familyUserId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, Array<DetailsToRecord & { childId: string }>>({
    mutationFn: async (records) => {
      for (const { childId, body } of records) {
        await apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(familyUserId)}/children/${encodeURIComponent(childId)}`, body);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKeys.detail(familyUserId) }),
  });
}
