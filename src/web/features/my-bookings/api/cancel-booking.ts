import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/**
 * POST /api/bookings/:id/cancel (no body; issue 32: `{ childNames }` for some of the booking's children) with the attempt's Idempotency-Key (lib/idempotency.ts); refreshes
 * the booking-dependent reads (spec 7), also after a refusal (the booking may have changed meanwhile).
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, { bookingId: string; idempotencyKey: string; childNames?: string[] | undefined }>({
    mutationFn: ({ bookingId, idempotencyKey, childNames }) =>
      apiRequest<BookingDto>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, childNames ? { childNames } : undefined, { idempotencyKey }),
    onSuccess: () => refreshAfterBookingChange(queryClient),
    onError: () => refreshAfterBookingChange(queryClient),
  });
}
