import { eq } from 'drizzle-orm';
import { SECRET_KEY_REQUIRED, type SavedWebhookResponse, type UpdateWebhookBody } from '../../../shared/schemas/webhooks';
import type { Tx } from '../../db/client';
import { webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { loadWebhookDto, WEBHOOK_NOT_FOUND } from './webhook-dto';
import { assertEndpointFree, assertTemplateExists, translateWriteError } from './webhook-rules';

export interface UpdateWebhookInput {
  /** A row id (the route's idOr404 turned a malformed one into the same 404). */
  webhookId: string;
  /** The parsed form (updateWebhookBody): only the fields present change. */
  changes: UpdateWebhookBody;
  publicUrl: string;
  now: Date;
}

/**
 * Changes the fields present (the Active toggle sends only isActive). A blank or absent secretKey keeps the
 * secret, a new one replaces it (and is in this answer only); a configuration saved without one (before
 * secrets were required) must be given one with any change but the Active toggle (400). templateId null
 * unlinks the template. 404 for an unknown id, 409 for an endpoint another configuration has, 400 for an
 * unknown template.
 */
export async function updateWebhook(tx: Tx, input: UpdateWebhookInput): Promise<SavedWebhookResponse> {
  const { webhookId, changes, now } = input;
  try {
    const [current] = await tx
      .select({ id: webhookConfigs.id, secretKey: webhookConfigs.secretKey })
      .from(webhookConfigs)
      .where(eq(webhookConfigs.id, webhookId))
      .for('update');
    if (!current) throw new HttpError(404, WEBHOOK_NOT_FOUND);
    const onlyToggle = Object.entries(changes).every(([field, value]) => field === 'isActive' || value === undefined);
    if (!current.secretKey && !changes.secretKey && !onlyToggle) throw new HttpError(400, SECRET_KEY_REQUIRED, { code: 'VALIDATION_FAILED', details: { field: 'secretKey' } });
    if (changes.templateId) await assertTemplateExists(tx, changes.templateId);
    if (changes.endpoint !== undefined) await assertEndpointFree(tx, changes.endpoint, webhookId);

    const newSecret = changes.secretKey ?? null;
    const set: Partial<typeof webhookConfigs.$inferInsert> = { updatedAt: now };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.endpoint !== undefined) set.endpoint = changes.endpoint;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.fieldMappings !== undefined) set.fieldMappings = changes.fieldMappings;
    if (changes.isActive !== undefined) set.isActive = changes.isActive;
    if (changes.templateId !== undefined) set.templateId = changes.templateId;
    if (newSecret) set.secretKey = newSecret;
    await tx.update(webhookConfigs).set(set).where(eq(webhookConfigs.id, webhookId));

    const dto = await loadWebhookDto(tx, { webhookId, publicUrl: input.publicUrl });
    return newSecret ? { ...dto, secretKey: newSecret } : dto;
  } catch (error) {
    return translateWriteError(error);
  }
}
