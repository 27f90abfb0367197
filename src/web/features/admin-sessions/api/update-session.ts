import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateSessionConflict,
  type SessionDto,
  type UpdateSessionInput,
  type WeeklyLimitConflict,
} from '../../../../shared/schemas/sessions';
import { ApiError, apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/**
 * PUT /api/admin/sessions/:id (the session form). 409 when the capacity is below the booked spots, or when a
 * move into another week would put booked children over their weekly limit (listed in the answer; sent again
 * with `confirmWeeklyLimits: true` it goes through); moving a booked session e-mails the families (server side).
 */
export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation<SessionDto, Error, { sessionId: string; body: UpdateSessionInput }>({
    mutationFn: ({ sessionId, body }) => apiRequest<SessionDto>('PUT', `/api/admin/sessions/${encodeURIComponent(sessionId)}`, body),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'updated'),
  });
}

/** The children a refused move would put over their weekly limit, or null when the error is about something else. */
export function weeklyLimitConflictsOf(error: unknown): WeeklyLimitConflict[] | null {
  if (!(error instanceof ApiError) || error.code !== 'WEEKLY_LIMIT_CONFLICTS') return null;
  const parsed = updateSessionConflict.safeParse(error.body);
  return parsed.success && parsed.data.weeklyLimitConflicts?.length ? parsed.data.weeklyLimitConflicts : null;
}
