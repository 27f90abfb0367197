import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto, CreateBookingBody } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

/**
 * POST /api/bookings: one spot per child named. On success the booking-dependent reads are refreshed
 * (spec 7) before the mutation settles, so the confirmation screen finds the new booking.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, CreateBookingBody>({
    mutationFn: (body) => apiRequest<BookingDto>('POST', '/api/bookings', body),
    onSuccess: () => refreshAfterBookingChange(queryClient),
  });
}
