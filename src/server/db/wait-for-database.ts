import pg from 'pg';
import { databaseTrouble } from './database-errors';

export type StartupLog = (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;

/** Waits between two tries (the last one repeats): bounded, so the database's return is noticed within seconds. */
const BACKOFF_MS = [500, 1_000, 2_000, 4_000, 5_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** host:port/database of a PostgreSQL address, without the user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured database';
  }
}

/** What went wrong, in a few words (a refused connection to every address of a host name has no message). */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = (error as { errors?: unknown }).errors;
  if (!error.message && Array.isArray(inner) && inner[0] instanceof Error) return reasonOf(inner[0]);
  return error.message || (error as { code?: string }).code || error.name;
}

/**
 * Start-up on PostgreSQL (issue 29): while the database cannot be reached (refused, restarting, not answering) the
 * instance waits and tries again with back-off, logging each try, for up to `waitSeconds`; then it gives up with
 * the last error (the caller exits with EXIT_DATABASE_UNREACHABLE). Any other failure (a wrong password, a database
 * that does not exist) is thrown at once: waiting would not mend it.
 */
export async function waitForDatabase(url: string, options: { waitSeconds: number; connectTimeoutMs: number; log: StartupLog }): Promise<void> {
  const started = Date.now();
  const where = describeDatabase(url);
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs, application_name: 'portal-startup' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      if (attempt > 0) options.log('info', `the database at ${where} answers: starting`, { waitedMs: Date.now() - started });
      return;
    } catch (error) {
      if (databaseTrouble(error) !== 'unavailable') throw error;
      const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
      const waited = Date.now() - started;
      if (waited + delay > options.waitSeconds * 1000) {
        throw new Error(
          `The database at ${where} could not be reached for ${Math.round(waited / 1000)} s (DB_STARTUP_WAIT_SECONDS=${options.waitSeconds}): ` +
            `${reasonOf(error)}. Start it (or check DATABASE_URL), then start the portal again.`,
          { cause: error },
        );
      }
      options.log('warn', `waiting for the database at ${where}: ${reasonOf(error)}; trying again in ${delay} ms`, { attempt: attempt + 1, waitedMs: waited });
      await sleep(delay);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
