import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistBody, WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { apiRequest } from '../../../lib/api';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';

export interface JoinWaitlistVariables {
  sessionId: string;
  body: JoinWaitlistBody;
  /** The attempt's Idempotency-Key (lib/idempotency.ts): a repeat of it adds nothing more. */
  idempotencyKey: string;
}

/**
 * POST /api/sessions/:id/waitlist {childNames} (issue 21): the chosen children wait for a spot in the full session.
 * Like a booking, the booking-dependent reads (and the waitlist) are refreshed before the mutation settles, after a
 * refusal too: '…book it instead' means a spot freed meanwhile, and the dialog then offers Book Session again.
 */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation<WaitlistEntryDto, Error, JoinWaitlistVariables>({
    mutationFn: ({ sessionId, body, idempotencyKey }) =>
      apiRequest<WaitlistEntryDto>('POST', `/api/sessions/${encodeURIComponent(sessionId)}/waitlist`, body, { idempotencyKey }),
    onSuccess: () => refreshAfterBookingChange(queryClient),
    onError: () => refreshAfterBookingChange(queryClient),
  });
}
