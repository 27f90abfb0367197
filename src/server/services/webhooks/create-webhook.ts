import type { CreateWebhookBody, SavedWebhookResponse } from '../../../shared/schemas/webhooks';
import type { Tx } from '../../db/client';
import { webhookConfigs } from '../../db/schema';
import { loadWebhookDto } from './webhook-dto';
import { assertEndpointFree, assertTemplateExists, translateWriteError } from './webhook-rules';

export interface CreateWebhookInput {
  /** The parsed form (createWebhookBody): endpoint normalised, blank description/secret/template null. */
  form: CreateWebhookBody;
  publicUrl: string;
  now: Date;
}

/**
 * Creates a webhook configuration, always with a signing secret (the form requires one). The endpoint must
 * be free (409, also when two saves race: the unique index decides) and a chosen template must exist (400).
 * The answer carries the secret this once.
 */
export async function createWebhook(tx: Tx, input: CreateWebhookInput): Promise<SavedWebhookResponse> {
  const { form, now } = input;
  try {
    if (form.templateId) await assertTemplateExists(tx, form.templateId);
    await assertEndpointFree(tx, form.endpoint);
    const [row] = await tx
      .insert(webhookConfigs)
      .values({
        name: form.name,
        endpoint: form.endpoint,
        description: form.description,
        fieldMappings: form.fieldMappings,
        secretKey: form.secretKey,
        isActive: form.isActive,
        templateId: form.templateId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: webhookConfigs.id });
    const dto = await loadWebhookDto(tx, { webhookId: row!.id, publicUrl: input.publicUrl });
    return { ...dto, secretKey: form.secretKey };
  } catch (error) {
    return translateWriteError(error);
  }
}
