import type { TemplateBody, TemplateDto } from '../../../shared/schemas/field-mapping-templates';
import type { Tx } from '../../db/client';
import { fieldMappingTemplates } from '../../db/schema';
import { loadTemplateDto } from './template-dto';
import { insertRules, templateFields } from './template-rules';

export interface CreateTemplateInput {
  form: TemplateBody;
  /** The signed-in administrator: the template's author. */
  actorId: string;
  now: Date;
}

/** Creates a template at version 1 with its rules (numbered 0..n-1 in their order), in one transaction. */
export async function createTemplate(tx: Tx, input: CreateTemplateInput): Promise<TemplateDto> {
  const { form, now } = input;
  const [template] = await tx
    .insert(fieldMappingTemplates)
    .values({ ...templateFields(form), version: 1, createdById: input.actorId, createdAt: now, updatedAt: now })
    .returning();
  await insertRules(tx, template!.id, form.rules);
  return loadTemplateDto(tx, template!);
}
