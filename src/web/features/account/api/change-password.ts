import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api';

/** POST /api/me/change-password: the signed-in user's own password. */
export function useChangePassword() {
  return useMutation<unknown, Error, ChangePasswordBody>({
    mutationFn: (body) => apiRequest('POST', '/api/me/change-password', body),
  });
}
