import { subMonths } from 'date-fns';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { oneRowOf } from '../../db/rows-of';

/**
 * The activity log's retention job (ACTIVITY_RETENTION_MONTHS, default 24): entries older than that go, through the
 * one delete the log's append-only trigger lets through (src/server/db/functions/portal_activity_expire.sql).
 */
export async function expireActivity(tx: Tx, input: { now: Date; retentionMonths: number }): Promise<{ activityEntriesDeleted: number }> {
  const before = subMonths(input.now, input.retentionMonths).toISOString();
  const result = await tx.execute(sql`select portal_activity_expire(${before}::timestamptz) as deleted`);
  return { activityEntriesDeleted: oneRowOf(z.object({ deleted: z.number().int() }), result, 'portal_activity_expire').deleted };
}
