import { lt } from 'drizzle-orm';
import { plural } from '../../../shared/rules/format';
import type { CleanWebhookLogsResponse } from '../../../shared/schemas/webhooks';
import type { Tx } from '../../db/client';
import { webhookLogs } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Clean old' (the logs tab, and the daily retention job): deletes the logs received before now − olderThanDays
 * × 24 hours (on the created_at index).
 */
export async function cleanWebhookLogs(tx: Tx, input: { olderThanDays: number; now: Date }): Promise<CleanWebhookLogsResponse> {
  const cutoff = new Date(input.now.getTime() - input.olderThanDays * DAY_MS);
  const deleted = await tx.delete(webhookLogs).where(lt(webhookLogs.createdAt, cutoff)).returning({ id: webhookLogs.id });
  return { message: `Deleted ${plural(deleted.length, 'log')} older than ${plural(input.olderThanDays, 'day')}`, deleted: deleted.length };
}
