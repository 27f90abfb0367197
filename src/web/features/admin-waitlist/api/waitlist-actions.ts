import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import type { AdminWaitlistEntryDto, PromoteWaitlistBody } from '../../../../shared/schemas/waitlist';
import { adminStatsKeys, familyKeys, reservationsKeys, rosterKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';
import { BOOKING_DEPENDENT_QUERY_KEYS } from '../../../lib/booking-cache';

/**
 * What a waitlist change makes stale: the rosters (the waitlist and, after a promotion, the children), the family
 * pages (their waitlists, bookings and the office's actions), the sessions list's waitlist counts and spots (with
 * the other booking-dependent reads), Reservations and the stat cards.
 */
export async function refreshAfterWaitlistChange(queryClient: QueryClient): Promise<void> {
  const keys = [rosterKeys.all, familyKeys.all, reservationsKeys.all, adminStatsKeys.all, ...BOOKING_DEPENDENT_QUERY_KEYS];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const entryPath = (entryId: string) => `/api/admin/waitlist/${encodeURIComponent(entryId)}`;

/**
 * POST /api/admin/waitlist/:id/promote → 201 AdminBookingDto (issue 21): the office books a waiting entry now, by
 * the same rules as a booking, with the front desk's weekly-limit override and note. Sent with the attempt's
 * Idempotency-Key (lib/idempotency.ts), so a double click or a retry after a lost answer promotes once. The reads
 * refresh after a refusal too (the entry or the session may have changed meanwhile).
 */
export function usePromoteWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation<AdminBookingDto, Error, { entryId: string; body: NonNullable<PromoteWaitlistBody>; idempotencyKey: string }>({
    mutationFn: ({ entryId, body, idempotencyKey }) => apiRequest<AdminBookingDto>('POST', `${entryPath(entryId)}/promote`, body, { idempotencyKey }),
    onSettled: () => refreshAfterWaitlistChange(queryClient),
  });
}

/** DELETE /api/admin/waitlist/:id with an optional note → 200 the entry (REMOVED); with the attempt's Idempotency-Key too. */
export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation<AdminWaitlistEntryDto, Error, { entryId: string; note?: string | undefined; idempotencyKey: string }>({
    // Without a note no body is sent (a JSON content type with an empty body is refused).
    mutationFn: ({ entryId, note, idempotencyKey }) =>
      apiRequest<AdminWaitlistEntryDto>('DELETE', entryPath(entryId), note ? { note } : undefined, { idempotencyKey }),
    onSettled: () => refreshAfterWaitlistChange(queryClient),
  });
}
