import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LatestPayloadResponse } from '../../../shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { webhookConfigs, webhookLogs } from '../../db/schema';

/**
 * The newest delivery whose body is a JSON object and that got past the endpoint and signature checks (it was
 * accepted, or refused for its content: 409, 422), for the given configurations or for all; null when there
 * is none. A body sent without the secret (401) or to an inactive endpoint (404) is never offered as a sample,
 * so nobody without the secret can plant one. Reads the
 * (webhook_config_id, created_at) or the (created_at) index backwards and stops at the first match.
 */
export async function findLatestPayload(db: DbOrTx, input: { webhookIds?: string[] | undefined } = {}): Promise<LatestPayloadResponse | null> {
  const conditions = [
    sql`jsonb_typeof(${webhookLogs.body}) = 'object'`,
    or(sql`${webhookLogs.responseStatus} between 200 and 299`, inArray(webhookLogs.responseStatus, [409, 422]))!,
  ];
  if (input.webhookIds) {
    if (!input.webhookIds.length) return null;
    conditions.push(input.webhookIds.length === 1 ? eq(webhookLogs.webhookConfigId, input.webhookIds[0]!) : inArray(webhookLogs.webhookConfigId, input.webhookIds));
  }
  const [row] = await db
    .select({
      logId: webhookLogs.id,
      webhookConfigId: webhookLogs.webhookConfigId,
      webhookName: webhookConfigs.name,
      endpoint: webhookLogs.endpoint,
      receivedAt: webhookLogs.createdAt,
      payload: webhookLogs.body,
    })
    .from(webhookLogs)
    .leftJoin(webhookConfigs, eq(webhookConfigs.id, webhookLogs.webhookConfigId))
    .where(and(...conditions))
    .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
    .limit(1);
  if (!row) return null;
  return { ...row, receivedAt: row.receivedAt.toISOString(), payload: row.payload as Record<string, unknown> };
}
