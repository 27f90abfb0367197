import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLEAN_OLD_DAYS, type CleanWebhookLogsResponse } from '../../../../shared/schemas/webhooks';
import { ADMIN_WEBHOOK_LOGS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/api';

/** DELETE /api/admin/webhook-logs { olderThanDays: 30 } → { message, deleted } (spec 9, 'Clean old'). */
export function useCleanWebhookLogs() {
  const queryClient = useQueryClient();
  return useMutation<CleanWebhookLogsResponse, Error, void>({
    mutationFn: () => apiRequest<CleanWebhookLogsResponse>('DELETE', '/api/admin/webhook-logs', { olderThanDays: CLEAN_OLD_DAYS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_WEBHOOK_LOGS_QUERY_KEY }),
  });
}
