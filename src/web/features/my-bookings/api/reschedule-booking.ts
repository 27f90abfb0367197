import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto, RescheduleBookingBody } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/**
 * POST /api/bookings/:id/reschedule {newSessionId, childNames?} (issue 32: some children move into a booking of their
 * own, the answer) with the attempt's Idempotency-Key (lib/idempotency.ts):
 * same booking, new session; refreshes the reads (spec 7), also after a refusal (the picker's spots may be
 * out of date).
 */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, { bookingId: string; idempotencyKey: string } & RescheduleBookingBody>({
    mutationFn: ({ bookingId, newSessionId, childNames, idempotencyKey }) =>
      apiRequest<BookingDto>(
        'POST',
        `/api/bookings/${encodeURIComponent(bookingId)}/reschedule`,
        childNames ? { newSessionId, childNames } : { newSessionId },
        { idempotencyKey },
      ),
    onSuccess: () => refreshAfterBookingChange(queryClient),
    onError: () => refreshAfterBookingChange(queryClient),
  });
}
