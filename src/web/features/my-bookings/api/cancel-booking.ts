import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/**
 * POST /api/bookings/:id/cancel (no body) with the attempt's Idempotency-Key (lib/idempotency.ts); refreshes
 * the booking-dependent reads (spec 7), also after a refusal (the booking may have changed meanwhile).
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, { bookingId: string; idempotencyKey: string }>({
    mutationFn: ({ bookingId, idempotencyKey }) =>
      apiRequest<BookingDto>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, undefined, { idempotencyKey }),
    onSuccess: () => refreshAfterBookingChange(queryClient),
    onError: () => refreshAfterBookingChange(queryClient),
  });
}
