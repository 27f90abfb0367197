import { eq } from 'drizzle-orm';
import type { MappingRuleBody } from '../../../shared/schemas/field-mapping-templates';
import type { Tx } from '../../db/client';
import { fieldMappingRules, fieldMappingTemplates } from '../../db/schema';
import { HttpError } from '../../http-error';

/** Rules shared by the office's template operations (get, create, update, delete). */

export type TemplateRow = typeof fieldMappingTemplates.$inferSelect;

/** A template id from the URL goes through idOr404 (http-error.ts) with this message: malformed is unknown. */
export const TEMPLATE_NOT_FOUND = 'Template not found';

/** The template (a row id), locked for the rest of the transaction; 404 when there is none. */
export async function lockTemplate(tx: Tx, templateId: string): Promise<TemplateRow> {
  const [template] = await tx.select().from(fieldMappingTemplates).where(eq(fieldMappingTemplates.id, templateId)).for('update');
  if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  return template;
}

/**
 * Stores a template's rules: sorted by their given order (absent means their place in the list; a tie keeps
 * the list order), then numbered 0..n-1 in that order, so the stored order has no gaps or duplicates.
 */
export async function insertRules(tx: Tx, templateId: string, rules: readonly MappingRuleBody[]): Promise<void> {
  if (!rules.length) return;
  const sorted = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => (a.rule.order ?? a.index) - (b.rule.order ?? b.index) || a.index - b.index);
  await tx.insert(fieldMappingRules).values(
    sorted.map(({ rule }, order) => ({
      templateId,
      sourcePath: rule.sourcePath,
      targetPath: rule.targetPath,
      required: rule.required,
      order,
      transform: rule.transform,
      notes: rule.notes,
    })),
  );
}

/** The template fields of the editor's form, as stored. */
export function templateFields(form: {
  name: string;
  source: string;
  description: string | null;
  isActive: boolean;
  samplePayload: string | null;
}) {
  return {
    name: form.name,
    source: form.source,
    description: form.description,
    isActive: form.isActive,
    samplePayload: form.samplePayload,
  };
}

/**
 * SQLSTATEs of a row still referenced by a foreign key: foreign_key_violation, and restrict_violation (what an
 * ON DELETE RESTRICT key raises on some PostgreSQL builds, PGlite among them).
 */
const REFERENCED_ROW_CODES = new Set(['23503', '23001']);

/** True when a database error (possibly wrapped by the driver or the ORM) is a foreign key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && REFERENCED_ROW_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
