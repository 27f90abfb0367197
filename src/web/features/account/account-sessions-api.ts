import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsResponse, SignOutOthersResponse } from '../../../shared/schemas/account-sessions';
import type { MessageResponse } from '../../../shared/schemas/common';
import { apiRequest } from '../../lib/api';

const ACCOUNT_SESSIONS_PATH = '/api/me/sessions';

export const accountSessionsKeys = {
  all: [ACCOUNT_SESSIONS_PATH] as const,
};

/** GET /api/me/sessions: the signed-in user's devices. */
export function accountSessionsQuery() {
  return queryOptions<AccountSessionsResponse, Error>({
    queryKey: accountSessionsKeys.all,
    queryFn: ({ signal }) => apiRequest<AccountSessionsResponse>('GET', ACCOUNT_SESSIONS_PATH, undefined, { signal }),
  });
}

/** The devices, read fresh whenever the dialog opens. */
export function useAccountSessions() {
  return useQuery({ ...accountSessionsQuery(), refetchOnMount: 'always' });
}

/** DELETE /api/me/sessions/:id: signs one of the user's other devices out. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, string>({
    mutationFn: (id) => apiRequest<MessageResponse>('DELETE', `${ACCOUNT_SESSIONS_PATH}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKeys.all }),
  });
}

/** POST /api/me/sessions/sign-out-others: signs every other device out. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<SignOutOthersResponse, Error, void>({
    mutationFn: () => apiRequest<SignOutOthersResponse>('POST', `${ACCOUNT_SESSIONS_PATH}/sign-out-others`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKeys.all }),
  });
}
