import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { scheduledJobs } from '../../db/schema';

export interface ClaimScheduledJobInput {
  /** The job's name (its row in scheduled_jobs). */
  name: string;
  /** A job runs at most once per this many milliseconds (a day for the daily jobs). */
  everyMs: number;
  now: Date;
}

/**
 * Claims this run of a periodic job for the calling instance: true when the job is due (it never ran, or
 * its last run is at least `everyMs` old) and this caller moved last_run_at to `now`; false otherwise. The
 * claim is one conditional UPDATE: when several instances claim at once, PostgreSQL lets one update the
 * row and re-checks the condition for the others against the row it wrote, so exactly one gets it. Run in
 * a unit of work of its own (JobScheduler), committed before the job runs.
 */
export async function claimScheduledJob(tx: Tx, input: ClaimScheduledJobInput): Promise<boolean> {
  const { name, now } = input;
  await tx.insert(scheduledJobs).values({ name, lastRunAt: null }).onConflictDoNothing();
  const due = new Date(now.getTime() - input.everyMs);
  const claimed = await tx
    .update(scheduledJobs)
    .set({ lastRunAt: now })
    .where(and(eq(scheduledJobs.name, name), or(isNull(scheduledJobs.lastRunAt), lte(scheduledJobs.lastRunAt, due))))
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}
