import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminChangePasswordBody } from '../../../../shared/schemas/admin-users';
import { apiRequest } from '../../../lib/api';
import { refreshAfterUserChange } from './refresh-after-user-change';

export type AdminChangePasswordBody = z.infer<typeof adminChangePasswordBody>;

/** PUT /api/admin/users/:id/change-password { newPassword } (spec 6: PARENT accounts only). */
export function useChangeUserPassword() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { userId: string; body: AdminChangePasswordBody }>({
    mutationFn: ({ userId, body }) => apiRequest('PUT', `/api/admin/users/${encodeURIComponent(userId)}/change-password`, body),
    onSuccess: () => refreshAfterUserChange(queryClient, 'password-changed'),
  });
}
