import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookConfigs } from '../../db/schema';

export type WebhookConfigRow = typeof webhookConfigs.$inferSelect;

/** The configuration behind a normalised endpoint ('crm-plans'), active or not; null when there is none. */
export async function findWebhookConfig(db: DbOrTx, endpoint: string): Promise<WebhookConfigRow | null> {
  if (!endpoint) return null;
  const [config] = await db.select().from(webhookConfigs).where(eq(webhookConfigs.endpoint, endpoint)).limit(1);
  return config ?? null;
}
