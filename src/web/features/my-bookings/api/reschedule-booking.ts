import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto, RescheduleBookingBody } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/** POST /api/bookings/:id/reschedule {newSessionId}: same booking, new session; refreshes the reads (spec 7). */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, { bookingId: string } & RescheduleBookingBody>({
    mutationFn: ({ bookingId, newSessionId }) =>
      apiRequest<BookingDto>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, { newSessionId }),
    onSuccess: () => refreshAfterBookingChange(queryClient),
  });
}
