import { desc } from 'drizzle-orm';
import type { TemplateListResponse } from '../../../shared/schemas/field-mapping-templates';
import type { DbOrTx } from '../../db/client';
import { fieldMappingTemplates } from '../../db/schema';
import { loadTemplateDtos } from './template-dto';

/** Every template, the most recently changed first, with rules, author and the webhooks that use it. */
export async function listTemplates(db: DbOrTx): Promise<TemplateListResponse> {
  const rows = await db
    .select()
    .from(fieldMappingTemplates)
    .orderBy(desc(fieldMappingTemplates.updatedAt), desc(fieldMappingTemplates.createdAt), desc(fieldMappingTemplates.id));
  return { templates: await loadTemplateDtos(db, rows) };
}
