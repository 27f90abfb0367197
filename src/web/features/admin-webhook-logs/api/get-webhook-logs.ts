import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WebhookListResponse, WebhookLogDetail, WebhookLogListResponse } from '../../../../shared/schemas/webhooks';
import { ADMIN_WEBHOOK_LOGS_QUERY_KEY, ADMIN_WEBHOOKS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest, withSearchParams } from '../../../lib/api';

export interface WebhookLogsFilter {
  /** A configuration's id; '' means every configuration. */
  webhookId: string;
  limit: number;
}

const listParams = ({ webhookId, limit }: WebhookLogsFilter) => ({ webhookId: webhookId || undefined, limit });

/** ['/api/admin/webhook-logs', { webhookId, limit }]: the endpoint path first, so 'Clean old' refreshes every variant. */
export function webhookLogsQueryKey(filter: WebhookLogsFilter) {
  return [...ADMIN_WEBHOOK_LOGS_QUERY_KEY, listParams(filter)] as const;
}

/**
 * GET /api/admin/webhook-logs?webhookId&limit → { logs } (newest first). Deliveries arrive on their own, so the
 * list is read again each time the tab opens (and by Refresh); a new filter keeps the old rows until it answers.
 */
export function useWebhookLogs(filter: WebhookLogsFilter) {
  return useQuery<WebhookLogListResponse, Error>({
    queryKey: webhookLogsQueryKey(filter),
    queryFn: ({ signal }) => apiRequest<WebhookLogListResponse>('GET', withSearchParams('/api/admin/webhook-logs', listParams(filter)), undefined, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/webhook-logs/:id → one delivery, whole (the default read: the key is the path). */
export function useWebhookLog(id: string | null) {
  return useQuery<WebhookLogDetail, Error>({
    queryKey: [...ADMIN_WEBHOOK_LOGS_QUERY_KEY, id ?? ''],
    enabled: id !== null,
  });
}

/** The configurations, for the filter (the same read and cache entry as the Settings tab's list). */
export function useWebhookConfigs() {
  return useQuery<WebhookListResponse, Error>({ queryKey: ADMIN_WEBHOOKS_QUERY_KEY });
}
