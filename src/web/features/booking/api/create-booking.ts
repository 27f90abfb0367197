import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto, CreateBookingBody } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

export interface CreateBookingVariables {
  body: CreateBookingBody;
  /** The attempt's Idempotency-Key (lib/idempotency.ts): a repeat of it books nothing more. */
  idempotencyKey: string;
}

/**
 * POST /api/bookings: one spot per child named. On success the booking-dependent reads are refreshed
 * (spec 7) before the mutation settles, so the confirmation screen finds the new booking. A refusal refreshes
 * them too before it is shown ('This session is full' means the spots on screen were out of date), so the
 * dialog shows the session as it now is.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation<BookingDto, Error, CreateBookingVariables>({
    mutationFn: ({ body, idempotencyKey }) => apiRequest<BookingDto>('POST', '/api/bookings', body, { idempotencyKey }),
    onSuccess: () => refreshAfterBookingChange(queryClient),
    onError: () => refreshAfterBookingChange(queryClient),
  });
}
