/**
 * Every core of one machine on one PostgreSQL: the primary forks CLUSTER_WORKERS copies of the normal server
 * (server.js next to this file, or server.ts when run from source with tsx) that share the listening port.
 * The app keeps no state in memory that matters (sessions, sign-in throttling and the e-mail outbox live in
 * PostgreSQL), so the workers behave as one server. The primary restarts a worker that dies, gives up when
 * workers keep dying at start-up, and passes SIGTERM/SIGINT on for a graceful stop. A worker that found the
 * database unreachable (exit code 75, after its own wait) is started again with back-off for as long as it takes.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_DATABASE_UNREACHABLE } from './db/database-errors';
import { loadEnv, openUrl } from './env';

/**
 * Start-up failures in a row (workers that exit before they ever listened, with no worker listening in between)
 * after which the start-up itself is taken to be broken: twice the number of workers, at least 3.
 */
export const startupFailureLimit = (workers: number) => Math.max(3, 2 * workers);
/** Wait before replacing a dead worker: CLUSTER_RESTART_DELAY_MS, doubled after each start-up failure, up to this. */
const RESTART_DELAY_MAX_MS = 30_000;
/** Longest wait before starting again a worker that found the database unreachable (each worker waited already). */
const DATABASE_RETRY_MAX_MS = 10_000;
/** On SIGTERM/SIGINT, workers still running after this long are killed. */
const SHUTDOWN_GRACE_MS = 30_000;

function log(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  // The same JSON lines as the workers' logger (pino levels), so one log pipeline reads both.
  const levels = { info: 30, warn: 40, error: 50 } as const;
  const line = JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'cluster-primary', ...fields, msg });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** CLUSTER_WORKERS as a number of workers (default: the cores Node may use), or an error message. */
export function parseClusterWorkers(value: string | undefined, cores = availableParallelism()): number | string {
  if (value === undefined || value.trim() === '') return Math.max(1, cores);
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || Number(value) > 256) {
    return `CLUSTER_WORKERS must be a whole number from 1 to 256 (got "${value}")`;
  }
  return Number(value);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function runPrimary(): void {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if (!env.DATABASE_URL) {
    fail(
      'npm run start:cluster needs DATABASE_URL (PostgreSQL): the embedded database (DATA_DIR) can only be opened ' +
        'by one process. Use `npm start` for the embedded database, or set DATABASE_URL=postgres://… to run several workers.',
    );
  }
  const wanted = parseClusterWorkers(process.env.CLUSTER_WORKERS);
  if (typeof wanted === 'string') fail(wanted);
  const restartDelayMs = env.CLUSTER_RESTART_DELAY_MS;

  const here = fileURLToPath(import.meta.url);
  // dist/server/cluster.js → dist/server/server.js; src/server/cluster.ts (tsx) → src/server/server.ts.
  // The workers inherit this process's execArgv (--enable-source-maps, tsx's --import).
  cluster.setupPrimary({ exec: path.join(path.dirname(here), `server${path.extname(here)}`) });

  const alive = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let startupFailures = 0;
  /** Workers in a row that found the database unreachable (none listening in between). */
  let databaseWaits = 0;
  let openPrinted = false;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    log('info', 'worker starting', { worker: worker.process.pid });
  };

  const forkLater = (delay: number) => {
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    pendingRestarts.add(timer);
  };

  /** Stops every worker gracefully (SIGTERM: each closes its listener, finishes its requests, closes its pool). */
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of pendingRestarts) clearTimeout(timer);
    pendingRestarts.clear();
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log('error', `workers still running after ${SHUTDOWN_GRACE_MS} ms: killing them`, { workers: [...alive].map((w) => w.process.pid) });
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    startupFailures = 0;
    databaseWaits = 0;
    log('info', 'worker listening', { worker: worker.process.pid, port: address.port });
    // Once, as server.ts prints it for a single process (its workers do not).
    if (!openPrinted) {
      openPrinted = true;
      console.log(`Open ${openUrl(env, address.port)}`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const pid = worker.process.pid;
    if (stopping) {
      log('info', 'worker stopped', { worker: pid, code, signal });
      if (alive.size === 0) {
        log('info', 'all workers stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (code === EXIT_DATABASE_UNREACHABLE && !listening.has(worker)) {
      // Not a broken start-up: the database is down or restarting. Try again, more slowly each time, until it is back.
      databaseWaits++;
      const delay = Math.min(DATABASE_RETRY_MAX_MS, restartDelayMs * 2 ** (databaseWaits - 1));
      log('warn', `the database is not reachable: starting the worker again in ${delay} ms`, { worker: pid, code, attempts: databaseWaits });
      forkLater(delay);
      return;
    }
    if (!listening.has(worker)) startupFailures++;
    if (startupFailures >= startupFailureLimit(wanted)) {
      log('error', `workers keep failing at start-up (${startupFailures} in a row): giving up, see the errors above`, { worker: pid, code, signal });
      stopAll(1);
      return;
    }
    const delay = Math.min(RESTART_DELAY_MAX_MS, restartDelayMs * 2 ** startupFailures);
    const when = listening.has(worker) ? 'worker died unexpectedly' : 'worker died unexpectedly during start-up';
    log('warn', `${when}: starting a new one in ${delay} ms`, { worker: pid, code, signal });
    forkLater(delay);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      log('info', 'shutting down the workers', { signal });
      stopAll(0);
    });
  }

  log('info', `starting ${wanted} workers on PostgreSQL`, { workers: wanted });
  for (let i = 0; i < wanted; i++) fork();
}

if (cluster.isPrimary) runPrimary();
