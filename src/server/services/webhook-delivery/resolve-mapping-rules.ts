import { asc, eq } from 'drizzle-orm';
import { isTargetField, parseFieldMappings, TRANSFORMS, type MappingRule, type Transform } from '../../../shared/rules/field-mapping';
import type { DbOrTx } from '../../db/client';
import { fieldMappingRules, fieldMappingTemplates } from '../../db/schema';
import type { WebhookConfigRow } from './find-webhook-config';

export interface ResolvedRules {
  rules: MappingRule[];
  /** Problems of the configuration itself (fieldMappings that no longer parse); the delivery is refused with them. */
  errors: string[];
  /** Where the rules came from, for the log. */
  source: 'template' | 'fieldMappings';
}

const isTransform = (value: string): value is Transform => (TRANSFORMS as readonly string[]).includes(value);

/**
 * The rules a delivery is mapped with: those of the linked template while it is active (ordered by
 * `order`), otherwise the configuration's own fieldMappings. Switching a template off therefore falls
 * back to the configuration's mappings instead of refusing every delivery. A stored rule naming a target
 * field this version does not know is skipped rather than failing the delivery.
 */
export async function resolveMappingRules(db: DbOrTx, config: Pick<WebhookConfigRow, 'templateId' | 'fieldMappings'>): Promise<ResolvedRules> {
  if (config.templateId) {
    const [template] = await db
      .select({ isActive: fieldMappingTemplates.isActive })
      .from(fieldMappingTemplates)
      .where(eq(fieldMappingTemplates.id, config.templateId));
    if (template?.isActive) {
      const rows = await db
        .select()
        .from(fieldMappingRules)
        .where(eq(fieldMappingRules.templateId, config.templateId))
        .orderBy(asc(fieldMappingRules.order), asc(fieldMappingRules.id));
      const rules: MappingRule[] = [];
      for (const row of rows) {
        if (!isTargetField(row.targetPath)) continue;
        rules.push({
          sourcePath: row.sourcePath,
          targetPath: row.targetPath,
          required: row.required,
          transform: isTransform(row.transform) ? row.transform : 'none',
          order: row.order,
        });
      }
      return { rules, errors: [], source: 'template' };
    }
  }
  const parsed = parseFieldMappings(config.fieldMappings);
  return { rules: parsed.rules, errors: parsed.errors, source: 'fieldMappings' };
}
