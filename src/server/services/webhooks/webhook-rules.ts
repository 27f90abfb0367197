import { eq, and, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldMappingTemplates, webhookConfigs } from '../../db/schema';
import { HttpError } from '../../http-error';

export const ENDPOINT_TAKEN = 'A webhook with this endpoint already exists';
export const TEMPLATE_NOT_FOUND = 'Mapping template not found';

/** The PostgreSQL error code of a failed query, looking through the ORM's wrapping (error.cause). */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Turns the database's own refusals into the form's messages: the endpoint's unique index (two saves racing
 * past the check) is 409, the template's foreign key (a template deleted meanwhile) is 400. Anything else
 * is rethrown as it is.
 */
export function translateWriteError(error: unknown): never {
  const pg = pgErrorOf(error);
  if (pg?.code === '23505' && (!pg.constraint || pg.constraint === 'webhook_configs_endpoint_unique')) throw new HttpError(409, ENDPOINT_TAKEN, { details: { field: 'endpoint' } });
  if (pg?.code === '23503' && (!pg.constraint || pg.constraint.includes('template'))) throw new HttpError(400, TEMPLATE_NOT_FOUND, { code: 'VALIDATION_FAILED', details: { field: 'templateId' } });
  throw error;
}

/** 409 when another configuration already has this endpoint (the unique index has the last word). */
export async function assertEndpointFree(tx: Tx, endpoint: string, exceptWebhookId?: string): Promise<void> {
  const conditions = [eq(webhookConfigs.endpoint, endpoint)];
  if (exceptWebhookId) conditions.push(ne(webhookConfigs.id, exceptWebhookId));
  const [taken] = await tx
    .select({ id: webhookConfigs.id })
    .from(webhookConfigs)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw new HttpError(409, ENDPOINT_TAKEN, { details: { field: 'endpoint' } });
}

/** 400 unless the template exists; it is key-share locked so it cannot be deleted before the link is written. */
export async function assertTemplateExists(tx: Tx, templateId: string): Promise<void> {
  const [template] = await tx
    .select({ id: fieldMappingTemplates.id })
    .from(fieldMappingTemplates)
    .where(eq(fieldMappingTemplates.id, templateId))
    .for('key share');
  if (!template) throw new HttpError(400, TEMPLATE_NOT_FOUND, { code: 'VALIDATION_FAILED', details: { field: 'templateId' } });
}
