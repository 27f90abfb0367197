import type { TemplateDto } from '../../../shared/schemas/field-mapping-templates';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import { findTemplate, loadTemplateDto } from './template-dto';
import { TEMPLATE_NOT_FOUND, templateIdOrNotFound } from './template-rules';

/** One template; an unknown or malformed id is 404 'Template not found'. */
export async function getTemplate(db: DbOrTx, input: { templateId: string }): Promise<TemplateDto> {
  const template = await findTemplate(db, templateIdOrNotFound(input.templateId));
  if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  return loadTemplateDto(db, template);
}
