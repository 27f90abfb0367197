import type { Tx } from '../../db/client';
import type { UnitOfWork } from '../../db/unit-of-work';
import { claimScheduledJob } from './claim-scheduled-job';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A periodic job: run by one instance at most once per `everyMs`, whichever instance claims it first. */
export interface ScheduledJob {
  /** Unique; the row in scheduled_jobs. */
  name: string;
  everyMs: number;
  /** Does the work in its own unit of work (committed, then announced); what it returns is logged. */
  run(tx: Tx, now: Date): Promise<unknown>;
}

interface Logger {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs the periodic jobs of every instance (src/server/services/scheduled-jobs/daily-jobs.ts lists them):
 * every `checkEveryMs` (a minute) each instance tries to claim each job (claimScheduledJob), and only the
 * claimant runs it, so a daily job runs once a day across all instances however many there are. A job
 * that fails is logged and tried again when it is next due. The timer does not keep the process alive.
 *
 * Jobs change data outside any request, so they get the application's unit of work (`app.unitOfWork`,
 * plugins/unit-of-work.ts): the claim commits in one, the job's work in another, so the claim stands
 * whatever the job does (a failed job waits until it is next due, as it always did).
 */
export class JobScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly jobs: readonly ScheduledJob[],
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Checks now, then every `checkEveryMs`. */
  start(checkEveryMs = MINUTE_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runDue(), checkEveryMs);
    this.timer.unref();
    void this.runDue();
  }

  /** Stops the timer and waits for a check in progress (app close). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Claims and runs every due job; returns the names of the jobs this instance ran. Checks never overlap. */
  runDue(): Promise<string[]> {
    this.running ??= this.checkAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async checkAll(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      try {
        const now = this.clock();
        if (!(await this.unitOfWork((tx) => claimScheduledJob(tx, { name: job.name, everyMs: job.everyMs, now })))) continue;
        const result = await this.unitOfWork((tx) => job.run(tx, now));
        ran.push(job.name);
        // A run that changed nothing (the minute sweep, mostly) is logged at debug only.
        if (didNothing(result)) this.log.debug({ job: job.name, result }, 'scheduled job done');
        else this.log.info({ job: job.name, result }, 'scheduled job done');
      } catch (err) {
        this.log.error({ job: job.name, err }, 'scheduled job failed');
      }
    }
    return ran;
  }
}

/** A job's result with only zero counts (or none at all). */
function didNothing(result: unknown): boolean {
  if (result === undefined || result === null || result === 0) return true;
  return typeof result === 'object' && Object.values(result as Record<string, unknown>).every((value) => value === 0);
}
