import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/admin/users/:id/set-password-link → { message }: e-mails the user a fresh link to choose a password;
 * any older link stops working. Nothing on screen changes, so nothing is refreshed.
 */
export function useSendSetPasswordLink() {
  return useMutation<MessageResponse, Error, { userId: string }>({
    mutationFn: ({ userId }) => apiRequest<MessageResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/set-password-link`),
  });
}
