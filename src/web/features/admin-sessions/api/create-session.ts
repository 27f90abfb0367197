import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSessionConflict, type CreateSessionInput, type SessionDto } from '../../../../shared/schemas/sessions';
import { ApiError, apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/**
 * POST /api/admin/sessions (the session form) → 201 the new session. 409 with `duplicateOf` when a live session
 * of the same class starts at the same time in the same place; sent again with `confirmDuplicate: true` it goes through.
 */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation<SessionDto, Error, CreateSessionInput>({
    mutationFn: (body) => apiRequest<SessionDto>('POST', '/api/admin/sessions', body),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'created'),
  });
}

/** The server's words about the identical session a create ran into, or null when the error is about something else. */
export function duplicateSessionOf(error: unknown): { message: string; duplicateOf: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'DUPLICATE_SESSION') return null;
  const parsed = createSessionConflict.safeParse(error.body);
  return parsed.success && parsed.data.duplicateOf ? { message: parsed.data.message, duplicateOf: parsed.data.duplicateOf } : null;
}
