import { eq } from 'drizzle-orm';
import { WEBHOOK_RECEIVER_PREFIX, type WebhookDto } from '../../../shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { fieldMappingTemplates, webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';

export type WebhookConfigRow = typeof webhookConfigs.$inferSelect;

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

/** The full address the CRM posts to: PUBLIC_URL (no trailing slash) + /api/webhooks/ + endpoint. */
export const receiverUrl = (publicUrl: string, endpoint: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${WEBHOOK_RECEIVER_PREFIX}${endpoint}`;

/** The columns every admin answer shows (never the secret itself), with the linked template's name. */
export const webhookColumns = {
  id: webhookConfigs.id,
  name: webhookConfigs.name,
  endpoint: webhookConfigs.endpoint,
  description: webhookConfigs.description,
  isActive: webhookConfigs.isActive,
  fieldMappings: webhookConfigs.fieldMappings,
  secretKey: webhookConfigs.secretKey,
  templateId: webhookConfigs.templateId,
  templateName: fieldMappingTemplates.name,
  triggerCount: webhookConfigs.triggerCount,
  lastTriggered: webhookConfigs.lastTriggered,
  createdAt: webhookConfigs.createdAt,
  updatedAt: webhookConfigs.updatedAt,
};

export interface WebhookRowWithTemplate extends WebhookConfigRow {
  templateName: string | null;
}

/** A configuration as the admin API shows it: whether it has a secret, never the secret. */
export function toWebhookDto(row: WebhookRowWithTemplate, publicUrl: string): WebhookDto {
  return {
    id: row.id,
    name: row.name,
    endpoint: row.endpoint,
    receiverUrl: receiverUrl(publicUrl, row.endpoint),
    description: row.description,
    isActive: row.isActive,
    fieldMappings: row.fieldMappings,
    hasSecret: Boolean(row.secretKey),
    templateId: row.templateId,
    templateName: row.templateName,
    triggerCount: row.triggerCount,
    lastTriggered: row.lastTriggered ? row.lastTriggered.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Loads one configuration's DTO by its row id (404 'Webhook not found'). */
export async function loadWebhookDto(db: DbOrTx, input: { webhookId: string; publicUrl: string }): Promise<WebhookDto> {
  const [row] = await db
    .select(webhookColumns)
    .from(webhookConfigs)
    .leftJoin(fieldMappingTemplates, eq(fieldMappingTemplates.id, webhookConfigs.templateId))
    .where(eq(webhookConfigs.id, input.webhookId));
  if (!row) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  return toWebhookDto(row, input.publicUrl);
}
