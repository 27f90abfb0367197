import { desc, eq } from 'drizzle-orm';
import { DEFAULT_WEBHOOK_LOG_LIMIT, type WebhookLogListResponse } from '../../../shared/schemas/webhooks';
import type { Database } from '../../db/client';
import { webhookConfigs, webhookLogs } from '../../db/schema';
import { logSummaryColumns, toWebhookLogSummary } from './webhook-log-dto';

export interface ListWebhookLogsInput {
  /** One configuration's deliveries (lower-cased uuid), or all. */
  webhookId?: string | undefined;
  limit?: number | undefined;
}

/**
 * The newest deliveries first (created_at desc, then id desc), with the configuration's current name (null
 * once it was deleted). Filtered and ordered on the indexed columns (webhook_config_id, created_at) and
 * (created_at), so the newest rows are read straight from an index.
 */
export async function listWebhookLogs(db: Database, input: ListWebhookLogsInput): Promise<WebhookLogListResponse> {
  const query = db
    .select(logSummaryColumns)
    .from(webhookLogs)
    .leftJoin(webhookConfigs, eq(webhookConfigs.id, webhookLogs.webhookConfigId))
    .where(input.webhookId ? eq(webhookLogs.webhookConfigId, input.webhookId) : undefined)
    .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
    .limit(input.limit ?? DEFAULT_WEBHOOK_LOG_LIMIT);
  const rows = await query;
  return { logs: rows.map(toWebhookLogSummary) };
}
