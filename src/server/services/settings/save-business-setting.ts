import { BUSINESS_SETTINGS, type BusinessSetting, type BusinessSettingKey, type BusinessSettingValue } from '../../../shared/schemas/settings';
import type { Tx } from '../../db/client';
import { businessSettings } from '../../db/schema';

export interface SaveBusinessSettingInput<K extends BusinessSettingKey> {
  key: K;
  /** The whole value (the route checked it with the setting's schema; it is checked again here before it is stored). */
  value: BusinessSettingValue<K>;
  /** The administrator saving it. */
  actorId: string;
  now: Date;
}

/** Replaces a business setting's value in the caller's unit of work (one row per key), and answers it as stored. */
export async function saveBusinessSetting<K extends BusinessSettingKey>(tx: Tx, input: SaveBusinessSettingInput<K>): Promise<BusinessSettingValue<K>> {
  const setting = BUSINESS_SETTINGS[input.key] as unknown as BusinessSetting<BusinessSettingValue<K>>;
  const value = setting.schema.parse(input.value);
  await tx
    .insert(businessSettings)
    .values({ key: input.key, value, updatedAt: input.now, updatedByUserId: input.actorId })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: input.now, updatedByUserId: input.actorId } });
  return value;
}
