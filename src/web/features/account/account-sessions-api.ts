import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsResponse, SignOutOthersResponse } from '../../../shared/schemas/account-sessions';
import type { MessageResponse } from '../../../shared/schemas/common';
import { apiRequest } from '../../lib/api';

/** GET /api/me/sessions: the signed-in user's devices (read fresh whenever the dialog opens). */
export const ACCOUNT_SESSIONS_KEY = ['/api/me/sessions'] as const;

export function useAccountSessions() {
  return useQuery<AccountSessionsResponse>({ queryKey: ACCOUNT_SESSIONS_KEY, refetchOnMount: 'always' });
}

/** DELETE /api/me/sessions/:id: signs one of the user's other devices out. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, string>({
    mutationFn: (id) => apiRequest<MessageResponse>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY }),
  });
}

/** POST /api/me/sessions/sign-out-others: signs every other device out. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<SignOutOthersResponse, Error, void>({
    mutationFn: () => apiRequest<SignOutOthersResponse>('POST', '/api/me/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY }),
  });
}
