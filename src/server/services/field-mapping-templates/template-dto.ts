import { asc, eq, inArray } from 'drizzle-orm';
import type { TemplateDto } from '../../../shared/schemas/field-mapping-templates';
import type { DbOrTx } from '../../db/client';
import { fieldMappingRules, fieldMappingTemplates, users, webhookConfigs } from '../../db/schema';
import type { TemplateRow } from './template-rules';

type RuleRow = typeof fieldMappingRules.$inferSelect;
type Author = { firstName: string; lastName: string } | null;

const TRANSFORM_NAMES = ['none', 'trim', 'toLower', 'toUpper'] as const;
const asTransform = (value: string) => (TRANSFORM_NAMES as readonly string[]).includes(value) ? (value as TemplateDto['rules'][number]['transform']) : 'none';

/** Shapes a template row with its rules (in order), its author and the webhook configurations that use it. */
export function toTemplateDto(template: TemplateRow, rules: RuleRow[], createdBy: Author, usedBy: Array<{ id: string; name: string }>): TemplateDto {
  return {
    id: template.id,
    name: template.name,
    source: template.source,
    description: template.description,
    isActive: template.isActive,
    version: template.version,
    samplePayload: template.samplePayload,
    rules: rules.map((rule) => ({
      id: rule.id,
      sourcePath: rule.sourcePath,
      targetPath: rule.targetPath,
      required: rule.required,
      order: rule.order,
      transform: asTransform(rule.transform),
      notes: rule.notes,
    })),
    createdBy,
    usedBy,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/**
 * DTOs for several templates, in the given order, with their rules, authors and linked webhook configurations
 * read in one query each. A deleted author keeps their name here (accounts are only soft-deleted): the
 * template's history says who wrote it. Null only when the template has no recorded author.
 */
export async function loadTemplateDtos(db: DbOrTx, templates: TemplateRow[]): Promise<TemplateDto[]> {
  if (!templates.length) return [];
  const ids = templates.map((template) => template.id);
  const authorIds = [...new Set(templates.map((template) => template.createdById).filter((id): id is string => id !== null))];
  // One after another: `db` may be a transaction, one connection that runs one query at a time (pg warns, and
  // will refuse, when queries overlap on it).
  const ruleRows = await db
    .select()
    .from(fieldMappingRules)
    .where(inArray(fieldMappingRules.templateId, ids))
    .orderBy(asc(fieldMappingRules.order), asc(fieldMappingRules.id));
  const configRows = await db
    .select({ id: webhookConfigs.id, name: webhookConfigs.name, templateId: webhookConfigs.templateId })
    .from(webhookConfigs)
    .where(inArray(webhookConfigs.templateId, ids))
    .orderBy(asc(webhookConfigs.name), asc(webhookConfigs.id));
  const authorRows = authorIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, authorIds))
    : [];
  const authors = new Map(authorRows.map((author) => [author.id, author]));
  return templates.map((template) => {
    const author = template.createdById ? authors.get(template.createdById) : undefined;
    return toTemplateDto(
      template,
      ruleRows.filter((rule) => rule.templateId === template.id),
      author ? { firstName: author.firstName, lastName: author.lastName } : null,
      configRows.filter((config) => config.templateId === template.id).map(({ id, name }) => ({ id, name })),
    );
  });
}

export async function loadTemplateDto(db: DbOrTx, template: TemplateRow): Promise<TemplateDto> {
  const [dto] = await loadTemplateDtos(db, [template]);
  return dto!;
}

/** The template by id (already validated as a uuid), or undefined. */
export async function findTemplate(db: DbOrTx, id: string): Promise<TemplateRow | undefined> {
  const [template] = await db.select().from(fieldMappingTemplates).where(eq(fieldMappingTemplates.id, id));
  return template;
}
