import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/**
 * DELETE /api/waitlist/:id (issue 21) with the attempt's Idempotency-Key (lib/idempotency.ts; a repeatable write like a
 * cancellation): the family leaves a waitlist (the entry becomes LEFT). Refreshes the
 * booking-dependent reads and the waitlist before settling, after a refusal too: a 409 means the entry became a
 * booking meanwhile, which the refreshed bookings then show.
 */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation<WaitlistEntryDto, Error, { entryId: string; idempotencyKey: string }>({
    mutationFn: ({ entryId, idempotencyKey }) =>
      apiRequest<WaitlistEntryDto>('DELETE', `/api/waitlist/${encodeURIComponent(entryId)}`, undefined, { idempotencyKey }),
    onSuccess: () => refreshAfterBookingChange(queryClient),
    onError: () => refreshAfterBookingChange(queryClient),
  });
}
