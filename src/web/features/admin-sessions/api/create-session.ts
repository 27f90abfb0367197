import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionDto, SessionFormInput } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/** POST /api/admin/sessions (the session form) → 201 the new session. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation<SessionDto, Error, SessionFormInput>({
    mutationFn: (body) => apiRequest<SessionDto>('POST', '/api/admin/sessions', body),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'created'),
  });
}
