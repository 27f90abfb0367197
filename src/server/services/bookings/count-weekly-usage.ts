import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';

export interface CountWeeklyUsageInput {
  childIds: readonly string[];
  /** Any instant of the Toronto week (Monday 00:00 to the next Monday 00:00) to count. */
  weekOf: Date;
  /** A booking left out of the count (a reschedule re-checks the limits without the booking being moved). */
  excludeBookingId?: string | undefined;
}

/**
 * A child's weekly use: confirmed spots (booking_children rows not cancelled, of CONFIRMED bookings) whose session starts in
 * the Toronto week. The one definition is the database's `portal_weekly_usage` (src/server/db/functions/portal_weekly_usage.sql), which the
 * booking functions use under their locks; this asks it too. Children without any are absent from the map
 * (use 0). Pass the transaction to see its own writes and locks.
 */
export async function countWeeklyUsage(db: DbOrTx, { childIds, weekOf, excludeBookingId }: CountWeeklyUsageInput): Promise<Map<string, number>> {
  if (!childIds.length) return new Map();
  const result = await db.execute(
    sql`select child_id as "childId", used from portal_weekly_usage(${sql.param([...childIds])}::uuid[], ${weekOf.toISOString()}::timestamptz, ${excludeBookingId ?? null}::uuid)`,
  );
  const rows = rowsOf(z.object({ childId: z.string(), used: z.number().int() }), result, 'portal_weekly_usage');
  return new Map(rows.map((row) => [row.childId, row.used]));
}
