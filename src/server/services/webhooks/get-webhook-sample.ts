import { eq, or, sql } from 'drizzle-orm';
import { BUILT_IN_SAMPLE_PAYLOAD } from '../../../shared/rules/field-mapping';
import { normaliseEndpoint, type WebhookSampleResponse } from '../../../shared/schemas/webhooks';
import type { Database } from '../../db/client';
import { webhookConfigs } from '../../db/schema';
import { findLatestPayload } from '../webhook-logs/find-latest-payload';

/**
 * The sample payload for a template's source: the newest JSON-object body (not refused for its signature)
 * received by the configuration whose name or endpoint is `source` (without case; '/CRM-Plans' names the
 * endpoint crm-plans), else the built-in sample.
 */
export async function getWebhookSample(db: Database, input: { source?: string | undefined }): Promise<WebhookSampleResponse> {
  const source = input.source?.trim() || null;
  if (source) {
    const configs = await db
      .select({ id: webhookConfigs.id })
      .from(webhookConfigs)
      .where(or(eq(sql`lower(${webhookConfigs.name})`, source.toLowerCase()), eq(webhookConfigs.endpoint, normaliseEndpoint(source))));
    const latest = await findLatestPayload(db, { webhookIds: configs.map((config) => config.id) });
    if (latest) return { source, origin: 'latest', receivedAt: latest.receivedAt, payload: latest.payload };
  }
  return { source, origin: 'built-in', receivedAt: null, payload: structuredClone(BUILT_IN_SAMPLE_PAYLOAD) };
}
