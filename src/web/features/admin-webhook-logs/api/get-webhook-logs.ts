import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { webhookLogQuery, webhookLogsQuery, webhooksQuery } from '../../../lib/admin-queries';

export interface WebhookLogsFilter {
  /** A configuration's id; '' means every configuration. */
  webhookId: string;
  limit: number;
}

const listParams = ({ webhookId, limit }: WebhookLogsFilter) => ({ webhookId: webhookId || undefined, limit });

/**
 * GET /api/admin/webhook-logs?webhookId&limit → { logs } (newest first). Deliveries arrive on their own, so the
 * list is read again each time the tab opens (and by Refresh); a new filter keeps the old rows until it answers.
 */
export function useWebhookLogs(filter: WebhookLogsFilter) {
  return useQuery({
    ...webhookLogsQuery(listParams(filter)),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/webhook-logs/:id → one delivery, whole. */
export function useWebhookLog(id: string | null) {
  return useQuery({ ...webhookLogQuery(id ?? ''), enabled: id !== null });
}

/** The configurations, for the filter (the same read and cache entry as the Settings tab's list). */
export function useWebhookConfigs() {
  return useQuery(webhooksQuery());
}
