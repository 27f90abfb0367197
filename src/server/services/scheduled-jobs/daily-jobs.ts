import type { Env } from '../../env';
import { expireActivity } from '../activity/expire-activity';
import { cleanIdempotencyKeys } from '../idempotency/clean-idempotency-keys';
import { eraseExpiredFamilies } from '../privacy/erase-expired-families';
import { cleanWebhookLogs } from '../webhook-logs/clean-webhook-logs';
import { sweepWaitlists } from '../waitlist/waitlist-sweep';
import { DAY_MS, MINUTE_MS, type ScheduledJob } from './job-scheduler';

export const WEBHOOK_LOG_RETENTION_JOB = 'webhook-log-retention';
export const IDEMPOTENCY_KEYS_CLEANUP_JOB = 'idempotency-keys-cleanup';
export const WAITLIST_SWEEP_JOB = 'waitlist-sweep';
export const FAMILY_RETENTION_JOB = 'family-retention';
export const ACTIVITY_RETENTION_JOB = 'activity-retention';

/**
 * The jobs every instance offers to run, each at most once per its period across all instances (JobScheduler):
 * four daily clean-ups (webhook logs, idempotency keys, families past RETENTION_MONTHS, the activity log past
 * ACTIVITY_RETENTION_MONTHS) and the waitlist's minute sweep.
 */
export function dailyJobs(env: Pick<Env, 'WEBHOOK_LOG_RETENTION_DAYS' | 'WAITLIST_CUTOFF_HOURS' | 'RETENTION_MONTHS' | 'ACTIVITY_RETENTION_MONTHS'>): ScheduledJob[] {
  return [
    {
      // Waiting entries expire when their session's waitlist closes; free spots go to the people waiting.
      name: WAITLIST_SWEEP_JOB,
      everyMs: MINUTE_MS,
      run: (tx, now) => sweepWaitlists(tx, now, env.WAITLIST_CUTOFF_HOURS),
    },
    {
      // Webhook logs older than WEBHOOK_LOG_RETENTION_DAYS (default 90) go, like 'Clean old' with that many days.
      name: WEBHOOK_LOG_RETENTION_JOB,
      everyMs: DAY_MS,
      run: (tx, now) => cleanWebhookLogs(tx, { olderThanDays: env.WEBHOOK_LOG_RETENTION_DAYS, now }),
    },
    {
      // Idempotency keys past their 24 hours are never replayed (services/idempotency); their rows go.
      name: IDEMPOTENCY_KEYS_CLEANUP_JOB,
      everyMs: DAY_MS,
      run: (tx, now) => cleanIdempotencyKeys(tx, now),
    },
    {
      // Families deactivated RETENTION_MONTHS ago (default 24) are erased (docs/privacy.md), reason RETENTION.
      name: FAMILY_RETENTION_JOB,
      everyMs: DAY_MS,
      run: (tx, now) => eraseExpiredFamilies(tx, { now, retentionMonths: env.RETENTION_MONTHS, waitlistCutoffHours: env.WAITLIST_CUTOFF_HOURS }),
    },
    {
      // Activity entries older than ACTIVITY_RETENTION_MONTHS (default 24) go (issue 34); nothing else may delete one.
      name: ACTIVITY_RETENTION_JOB,
      everyMs: DAY_MS,
      run: (tx, now) => expireActivity(tx, { now, retentionMonths: env.ACTIVITY_RETENTION_MONTHS }),
    },
  ];
}
