import { asc, eq } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Database, DbOrTx } from '../../db/client';
import { fieldMappingTemplates, webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isForeignKeyViolation, lockTemplate, templateIdOrNotFound } from './template-rules';

const inUse = (webhookName: string) => new HttpError(409, `This template is used by webhook "${webhookName}"; choose another mapping there first`);

/** The first (by name) webhook configuration linked to a template, if any. */
async function firstLinkedWebhook(db: DbOrTx, templateId: string): Promise<{ name: string } | undefined> {
  const [config] = await db
    .select({ name: webhookConfigs.name })
    .from(webhookConfigs)
    .where(eq(webhookConfigs.templateId, templateId))
    .orderBy(asc(webhookConfigs.name))
    .limit(1);
  return config;
}

/**
 * Deletes a template and its rules. Refused (409, naming the webhook) while a webhook configuration links it;
 * the check runs under the template's row lock, which a configuration linking it meanwhile must wait for (its
 * foreign key check locks the same row). The RESTRICT foreign key stays the backstop: if it fires anyway, the
 * office gets the same 409, never a 500.
 */
export async function deleteTemplate(db: Database, input: { templateId: string }): Promise<MessageResponse> {
  const id = templateIdOrNotFound(input.templateId);
  try {
    await db.transaction(async (tx) => {
      const template = await lockTemplate(tx, id);
      const linked = await firstLinkedWebhook(tx, template.id);
      if (linked) throw inUse(linked.name);
      await tx.delete(fieldMappingTemplates).where(eq(fieldMappingTemplates.id, template.id));
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const linked = await firstLinkedWebhook(db, id);
    throw linked ? inUse(linked.name) : new HttpError(409, 'This template is used by a webhook; choose another mapping there first');
  }
  return { message: 'Template deleted' };
}
