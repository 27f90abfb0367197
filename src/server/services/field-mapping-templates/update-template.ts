import { eq, sql } from 'drizzle-orm';
import type { TemplateBody, TemplateDto } from '../../../shared/schemas/field-mapping-templates';
import type { Tx } from '../../db/client';
import { fieldMappingRules, fieldMappingTemplates } from '../../db/schema';
import { loadTemplateDto } from './template-dto';
import { insertRules, lockTemplate, templateFields } from './template-rules';

export interface UpdateTemplateInput {
  templateId: string;
  form: TemplateBody;
  now: Date;
}

/**
 * Replaces a whole template: its fields, and its rules (deleted and inserted again), in one transaction under
 * the template's row lock. Each save raises the version by one in the database, so two saves at the same time
 * run one after the other and get two different versions.
 */
export async function updateTemplate(tx: Tx, input: UpdateTemplateInput): Promise<TemplateDto> {
  const { form, now } = input;
  const current = await lockTemplate(tx, input.templateId);
  const [template] = await tx
    .update(fieldMappingTemplates)
    .set({ ...templateFields(form), version: sql`${fieldMappingTemplates.version} + 1`, updatedAt: now })
    .where(eq(fieldMappingTemplates.id, current.id))
    .returning();
  await tx.delete(fieldMappingRules).where(eq(fieldMappingRules.templateId, current.id));
  await insertRules(tx, current.id, form.rules);
  return loadTemplateDto(tx, template!);
}
