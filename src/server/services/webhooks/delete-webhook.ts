import { eq } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { asUuid, WEBHOOK_NOT_FOUND } from './webhook-dto';

/** Deletes a configuration. Its logs stay: their link is set null and they keep the endpoint text. */
export async function deleteWebhook(db: Database, input: { webhookId: string }): Promise<MessageResponse> {
  const webhookId = asUuid(input.webhookId);
  if (!webhookId) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  const deleted = await db.delete(webhookConfigs).where(eq(webhookConfigs.id, webhookId)).returning({ id: webhookConfigs.id });
  if (!deleted.length) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  return { message: 'Webhook deleted' };
}
