import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../shared/schemas/auth';
import { apiRequest } from './api';

/** POST /api/me/change-password {currentPassword, newPassword}: the signed-in user's own password (spec 7). */
export function useChangeOwnPassword() {
  return useMutation<unknown, Error, ChangePasswordBody>({
    mutationFn: (body) => apiRequest('POST', '/api/me/change-password', body),
  });
}
