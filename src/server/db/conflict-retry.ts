/**
 * Retrying a transaction PostgreSQL failed for a conflict with another one (docs/decisions/022-lock-order-and-retries.md).
 *
 * Row locks are taken in one order everywhere, so two transactions should never wait on each other in a circle; a
 * deadlock can still happen in a rare interleaving (a booking moved by another instance between the reading of its
 * session and its lock), and a serializable or repeatable-read transaction may be refused at its commit. PostgreSQL
 * then rolls the whole transaction back and says so with SQLSTATE 40P01 (deadlock detected) or 40001 (could not
 * serialize). Nothing of it was kept, so running the whole unit of work again is safe and almost always succeeds:
 * the other transaction has finished or is about to.
 */

/** deadlock_detected, serialization_failure. */
export const CONFLICT_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error, also when a query builder wrapped it (Drizzle puts it in `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface ConflictRetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** The pause before attempt `attempt` (2, 3, …) in ms; default a jittered 5–15 ms, then 10–30 ms, … */
  delayMs?: (attempt: number) => number;
  /** Where each retry is told, at warn. */
  log?: { warn(details: object, message: string): void };
}

const DEFAULT_ATTEMPTS = 3;
const defaultDelay = (attempt: number) => 5 * 2 ** (attempt - 2) * (1 + 2 * Math.random());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (one whole transaction, opened and committed or rolled back inside it) and, while it fails with a
 * conflict SQLSTATE, runs it again, at most `attempts` times in all, after a short jittered pause (two transactions
 * that failed together do not start again together). Any other error, and the conflict of the last attempt, is thrown.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>, options: ConflictRetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  for (let number = 1; ; number++) {
    try {
      return await attempt();
    } catch (error) {
      const code = sqlStateOf(error);
      if (number >= attempts || code === undefined || !CONFLICT_SQLSTATES.has(code)) throw error;
      const delay = Math.round((options.delayMs ?? defaultDelay)(number + 1));
      options.log?.warn(
        { sqlState: code, attempt: number, attempts, retryInMs: delay },
        code === '40P01' ? 'unit of work deadlocked with another transaction; running it again' : 'unit of work could not be serialized; running it again',
      );
      await sleep(delay);
    }
  }
}
