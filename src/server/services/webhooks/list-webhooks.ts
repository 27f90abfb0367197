import { asc, eq, sql } from 'drizzle-orm';
import type { WebhookListResponse } from '../../../shared/schemas/webhooks';
import type { Database } from '../../db/client';
import { fieldMappingTemplates, webhookConfigs } from '../../db/schema';
import { toWebhookDto, webhookColumns } from './webhook-dto';

/** Every configuration, ordered by name (without case), with its template's name; never a secret. */
export async function listWebhooks(db: Database, input: { publicUrl: string }): Promise<WebhookListResponse> {
  const rows = await db
    .select(webhookColumns)
    .from(webhookConfigs)
    .leftJoin(fieldMappingTemplates, eq(fieldMappingTemplates.id, webhookConfigs.templateId))
    .orderBy(sql`lower(${webhookConfigs.name})`, asc(webhookConfigs.name), asc(webhookConfigs.id));
  return { webhooks: rows.map((row) => toWebhookDto(row, input.publicUrl)) };
}
