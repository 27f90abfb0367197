import type { TemplateDto } from '../../../shared/schemas/field-mapping-templates';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import { findTemplate, loadTemplateDto } from './template-dto';
import { TEMPLATE_NOT_FOUND } from './template-rules';

/** One template (a row id: the route's idOr404 turned a malformed one into the same 404); 404 when unknown. */
export async function getTemplate(db: DbOrTx, input: { templateId: string }): Promise<TemplateDto> {
  const template = await findTemplate(db, input.templateId);
  if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  return loadTemplateDto(db, template);
}
