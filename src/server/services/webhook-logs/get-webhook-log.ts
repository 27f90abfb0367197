import { eq } from 'drizzle-orm';
import type { WebhookLogDetail } from '../../../shared/schemas/webhooks';
import type { Database } from '../../db/client';
import { webhookConfigs, webhookLogs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { logSummaryColumns, toWebhookLogDetail, WEBHOOK_LOG_NOT_FOUND } from './webhook-log-dto';

/**
 * One delivery, whole (it was redacted when stored); 404 'Webhook log not found'. `logId` is a row id (the
 * route's idOr404 turned a malformed one into the same 404).
 */
export async function getWebhookLog(db: Database, input: { logId: string }): Promise<WebhookLogDetail> {
  const [row] = await db
    .select({
      ...logSummaryColumns,
      errorDetails: webhookLogs.errorDetails,
      headers: webhookLogs.headers,
      body: webhookLogs.body,
      mappedData: webhookLogs.mappedData,
      queryParams: webhookLogs.queryParams,
    })
    .from(webhookLogs)
    .leftJoin(webhookConfigs, eq(webhookConfigs.id, webhookLogs.webhookConfigId))
    .where(eq(webhookLogs.id, input.logId));
  if (!row) throw new HttpError(404, WEBHOOK_LOG_NOT_FOUND);
  return toWebhookLogDetail(row);
}
