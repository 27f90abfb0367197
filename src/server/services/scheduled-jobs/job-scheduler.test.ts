import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledJobs, webhookLogs } from '../../db/schema';
import { claimScheduledJob } from './claim-scheduled-job';
import { WEBHOOK_LOG_RETENTION_JOB } from './daily-jobs';
import { DAY_MS, HOUR_MS, JobScheduler } from './job-scheduler';
import { withApi } from '../../test-support/with-api';

// The daily jobs' scheduler (issue 17): one run a day across instances, claimed through scheduled_jobs. On
// PostgreSQL (DATABASE_URL set) the simultaneous claims run on separate pooled connections at once; on PGlite
// they queue on its one connection, and the same assertions hold.
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const START = new Date('2026-11-18T17:00:00.000Z');
let now = START;

const { server } = withApi({ seed: false, clock: () => now, env: { WEBHOOK_LOG_RETENTION_DAYS: '90' } });

const db = () => server.database.db;

describe(`scheduled jobs (${database})`, () => {
  it('gives one of twenty simultaneous claims the run, and the next one a day later', async () => {
    // Each claim in a unit of work of its own, as JobScheduler makes it.
    const claim = (at: Date) => server.app.unitOfWork((tx) => claimScheduledJob(tx, { name: 'claim-race', everyMs: DAY_MS, now: at }));
    const first = await Promise.all(Array.from({ length: 20 }, () => claim(START)));
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await claim(new Date(START.getTime() + DAY_MS - 1))).toBe(false);
    const nextDay = new Date(START.getTime() + DAY_MS);
    const second = await Promise.all(Array.from({ length: 20 }, () => claim(nextDay)));
    expect(second.filter(Boolean)).toHaveLength(1);
    const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'claim-race'));
    expect(row!.lastRunAt?.toISOString()).toBe(nextDay.toISOString());
  });

  it('runs a job on one of two instances checking at the same moment; a failing job is logged, the others still run', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const jobs = [
      { name: 'broken', everyMs: DAY_MS, run: () => Promise.reject(new Error('boom')) },
      { name: 'count', everyMs: DAY_MS, run: async () => ++runs },
    ];
    const log = { info: () => undefined, debug: () => undefined, error: (obj: object) => void errors.push(obj) };
    const instances = [1, 2].map(() => new JobScheduler(server.app.unitOfWork, jobs, log, () => now));
    const ran = await Promise.all(instances.map((instance) => instance.runDue()));
    expect(ran.flat()).toEqual(['count']);
    expect(runs).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await instances[0]!.runDue()).toEqual([]);
    expect(runs).toBe(1);
  });

  it('deletes webhook logs older than WEBHOOK_LOG_RETENTION_DAYS once a day, and keeps the recent ones', async () => {
    const insert = (daysAgo: number, endpoint: string) =>
      db()
        .insert(webhookLogs)
        .values({ endpoint, method: 'POST', responseStatus: 200, createdAt: new Date(now.getTime() - daysAgo * DAY_MS) });
    await insert(400, 'ancient');
    await insert(91, 'old');
    await insert(89, 'recent');
    await insert(0, 'today');

    // The app's own scheduler (as server.ts starts it), one check.
    expect(await server.app.scheduler.runDue()).toContain(WEBHOOK_LOG_RETENTION_JOB);
    const endpoints = async () => (await db().select({ endpoint: webhookLogs.endpoint }).from(webhookLogs)).map((row) => row.endpoint).sort();
    expect(await endpoints()).toEqual(['recent', 'today']);

    // The same day, nothing runs again; two days later the 89-day-old log has passed 90 days and goes.
    await insert(95, 'late-arrival');
    now = new Date(START.getTime() + 23 * HOUR_MS);
    expect(await server.app.scheduler.runDue()).not.toContain(WEBHOOK_LOG_RETENTION_JOB);
    expect(await endpoints()).toEqual(['late-arrival', 'recent', 'today']);
    now = new Date(START.getTime() + 2 * DAY_MS);
    expect(await server.app.scheduler.runDue()).toContain(WEBHOOK_LOG_RETENTION_JOB);
    expect(await endpoints()).toEqual(['today']);
    const [row] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, WEBHOOK_LOG_RETENTION_JOB));
    expect(row!.lastRunAt?.toISOString()).toBe(now.toISOString());
  });
});
