import { eq } from 'drizzle-orm';
import { businessSettingOrDefault, type BusinessSettingKey, type BusinessSettingValue } from '../../../shared/schemas/settings';
import type { Database, Tx } from '../../db/client';
import { businessSettings } from '../../db/schema';

export interface GetBusinessSettingInput<K extends BusinessSettingKey> {
  key: K;
}

/**
 * A business setting (src/shared/schemas/settings.ts): its stored value checked with its schema, or its defaults
 * while nothing is saved (or what is stored no longer fits the schema: a row of an older version is never trusted).
 * Reads in the caller's transaction when given one, so a CRM delivery or an import applies the value it commits with.
 */
export async function getBusinessSetting<K extends BusinessSettingKey>(db: Database | Tx, input: GetBusinessSettingInput<K>): Promise<BusinessSettingValue<K>> {
  const [row] = await db.select({ value: businessSettings.value }).from(businessSettings).where(eq(businessSettings.key, input.key));
  return businessSettingOrDefault(input.key, row?.value);
}
