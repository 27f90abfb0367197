import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { oneRowOf } from '../../db/rows-of';
import { waitlistClosesBefore } from './list-waitlist';

/**
 * The waitlist's minute job (src/server/db/functions/portal_waitlist_sweep.sql): entries of sessions whose waitlist has closed
 * (WAITLIST_CUTOFF_HOURS before the start) or that were cancelled expire; sessions with free spots and people
 * waiting are filled (a spot freed while the first family's child was at the weekly limit goes to them once a
 * cancellation that week lets it). It never waits on a lock: what is busy is left to the next run.
 */
export async function sweepWaitlists(tx: Tx, now: Date, cutoffHours: number): Promise<{ expired: number; promoted: number }> {
  const result = await tx.execute(
    sql`select portal_waitlist_sweep(${now.toISOString()}::timestamptz, ${waitlistClosesBefore(now, cutoffHours).toISOString()}::timestamptz) as swept`,
  );
  return oneRowOf(z.object({ swept: z.object({ expired: z.number().int(), promoted: z.number().int() }) }), result, 'portal_waitlist_sweep').swept;
}
