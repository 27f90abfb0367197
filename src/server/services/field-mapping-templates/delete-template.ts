import { asc, eq } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { DbOrTx, Tx } from '../../db/client';
import { fieldMappingTemplates, webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isForeignKeyViolation, lockTemplate } from './template-rules';

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
 * Deletes a template (a row id) and its rules. Refused (409, naming the webhook) while a webhook configuration
 * links it; the check runs under the template's row lock, which a configuration linking it meanwhile must wait
 * for (its foreign key check locks the same row). The RESTRICT foreign key stays the backstop: see
 * templateDeleteRefusal.
 */
export async function deleteTemplate(tx: Tx, input: { templateId: string }): Promise<MessageResponse> {
  const template = await lockTemplate(tx, input.templateId);
  const linked = await firstLinkedWebhook(tx, template.id);
  if (linked) throw inUse(linked.name);
  await tx.delete(fieldMappingTemplates).where(eq(fieldMappingTemplates.id, template.id));
  return { message: 'Template deleted' };
}

/**
 * What a failed deleteTemplate tells the office, once its unit of work has rolled back: should the RESTRICT
 * foreign key fire anyway (its error ends the transaction, so the webhook is looked up afresh), the same 409 as
 * the check under the lock, never a 500. Any other error is rethrown as it is.
 */
export async function templateDeleteRefusal(db: DbOrTx, templateId: string, error: unknown): Promise<never> {
  if (!isForeignKeyViolation(error)) throw error;
  const linked = await firstLinkedWebhook(db, templateId);
  throw linked ? inUse(linked.name) : new HttpError(409, 'This template is used by a webhook; choose another mapping there first');
}
