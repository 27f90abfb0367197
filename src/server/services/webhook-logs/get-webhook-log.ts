import { eq } from 'drizzle-orm';
import type { WebhookLogDetail } from '../../../shared/schemas/webhooks';
import type { Database } from '../../db/client';
import { webhookConfigs, webhookLogs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { asUuid } from '../webhooks/webhook-dto';
import { logSummaryColumns, toWebhookLogDetail, WEBHOOK_LOG_NOT_FOUND } from './webhook-log-dto';

/** One delivery, whole (it was redacted when stored); 404 'Webhook log not found'. */
export async function getWebhookLog(db: Database, input: { logId: string }): Promise<WebhookLogDetail> {
  const logId = asUuid(input.logId);
  if (!logId) throw new HttpError(404, WEBHOOK_LOG_NOT_FOUND);
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
    .where(eq(webhookLogs.id, logId));
  if (!row) throw new HttpError(404, WEBHOOK_LOG_NOT_FOUND);
  return toWebhookLogDetail(row);
}
