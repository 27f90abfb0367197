import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { setPasswordLinkResponse } from '../../../../shared/schemas/set-password';
import { apiRequest, errorStatusOf, withSearchParams } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth';

export type SetPasswordLink = z.infer<typeof setPasswordLinkResponse>;

const SET_PASSWORD_URL = '/api/auth/set-password';

/** GET /api/auth/set-password?token=…: whom a working link is for, or 410 when it expired, was used or is unknown. */
export function setPasswordLinkQuery(token: string) {
  return queryOptions<SetPasswordLink, Error>({
    queryKey: [SET_PASSWORD_URL, token],
    queryFn: ({ signal }) => apiRequest<SetPasswordLink>('GET', withSearchParams(SET_PASSWORD_URL, { token }), undefined, { signal }),
  });
}

export function useSetPasswordLink(token: string, options: { enabled: boolean }) {
  return useQuery({ ...setPasswordLinkQuery(token), enabled: options.enabled });
}

/** The link answered that it no longer works (expired, used or unknown), rather than failing to answer. */
export function isLinkGone(error: unknown): boolean {
  const status = errorStatusOf(error);
  return status === 400 || status === 404 || status === 410;
}

/**
 * POST /api/auth/set-password {token, newPassword}: saves the password and signs the link's family in (the
 * server replaces any session this browser had). Whatever was cached for a previous visitor is dropped, the
 * session is read again, and the family lands on the dashboard, as after a login.
 */
export function useSetPasswordWithLink(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation<unknown, Error, { newPassword: string }>({
    mutationFn: ({ newPassword }) => apiRequest('POST', SET_PASSWORD_URL, { token, newPassword }),
    onSuccess: async () => {
      queryClient.clear();
      await queryClient.fetchQuery(currentUserQuery());
      await navigate('/dashboard', { replace: true });
    },
    onError: async (error) => {
      // The link stopped working meanwhile (used in another tab, expired): show that instead of the form.
      if (isLinkGone(error)) await queryClient.invalidateQueries({ queryKey: setPasswordLinkQuery(token).queryKey });
    },
  });
}
