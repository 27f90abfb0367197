import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/** POST /api/bookings/:id/cancel (no body); refreshes the booking-dependent reads (spec 7). */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, { bookingId: string }>({
    mutationFn: ({ bookingId }) => apiRequest<BookingDto>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`),
    onSuccess: () => refreshAfterBookingChange(queryClient),
  });
}
