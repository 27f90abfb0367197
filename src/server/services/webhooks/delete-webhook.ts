import { eq } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import { webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { WEBHOOK_NOT_FOUND } from './webhook-dto';

/**
 * Deletes a configuration (a row id: the route's idOr404 turned a malformed one into the same 404). Its logs
 * stay: their link is set null and they keep the endpoint text.
 */
export async function deleteWebhook(tx: Tx, input: { webhookId: string }): Promise<MessageResponse> {
  const deleted = await tx.delete(webhookConfigs).where(eq(webhookConfigs.id, input.webhookId)).returning({ id: webhookConfigs.id });
  if (!deleted.length) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  return { message: 'Webhook deleted' };
}
