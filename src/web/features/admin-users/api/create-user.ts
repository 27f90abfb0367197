import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDto, CreateUserInput } from '../../../../shared/schemas/admin-users';
import { apiRequest } from '../../../lib/api';
import { ADMIN_USERS_PATH } from './get-admin-users';
import { refreshAfterUserChange } from './refresh-after-user-change';

/**
 * POST /api/admin/users (the user form) → 201 the new user. Without a password the family is e-mailed a link
 * to choose their own (the new row has passwordSet false). 409 when the e-mail is taken.
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation<AdminUserDto, Error, CreateUserInput>({
    mutationFn: (body) => apiRequest<AdminUserDto>('POST', ADMIN_USERS_PATH, body),
    onSuccess: () => refreshAfterUserChange(queryClient, 'created'),
  });
}
