import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLEAN_OLD_DAYS, type CleanWebhookLogsResponse } from '../../../../shared/schemas/webhooks';
import { WEBHOOK_LOGS_PATH, webhookLogsKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';

/** DELETE /api/admin/webhook-logs { olderThanDays: 30 } → { message, deleted } (spec 9, 'Clean old'). */
export function useCleanWebhookLogs() {
  const queryClient = useQueryClient();
  return useMutation<CleanWebhookLogsResponse, Error, void>({
    mutationFn: () => apiRequest<CleanWebhookLogsResponse>('DELETE', WEBHOOK_LOGS_PATH, { olderThanDays: CLEAN_OLD_DAYS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookLogsKeys.all }),
  });
}
