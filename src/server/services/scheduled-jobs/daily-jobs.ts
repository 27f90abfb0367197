import type { Env } from '../../env';
import { cleanIdempotencyKeys } from '../idempotency/clean-idempotency-keys';
import { cleanWebhookLogs } from '../webhook-logs/clean-webhook-logs';
import { DAY_MS, type ScheduledJob } from './job-scheduler';

export const WEBHOOK_LOG_RETENTION_JOB = 'webhook-log-retention';
export const IDEMPOTENCY_KEYS_CLEANUP_JOB = 'idempotency-keys-cleanup';

/** The jobs every instance offers to run, each once a day across all instances (JobScheduler). */
export function dailyJobs(env: Pick<Env, 'WEBHOOK_LOG_RETENTION_DAYS'>): ScheduledJob[] {
  return [
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
  ];
}
