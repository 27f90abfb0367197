import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseHandle } from './db/client';
import { loadEnv, openUrl } from './env';
import { buildApp } from './app';
import { databaseTrouble, EXIT_DATABASE_UNREACHABLE } from './db/database-errors';
import { accountsWithDemoPasswords, shouldSeedDemoData, webhooksWithDemoSecret } from './db/demo-data-policy';
import { hasNoUsers, openDatabaseFromEnv } from './db/open-from-env';
import { seedDemoData } from './db/seed';
import { waitForDatabase } from './db/wait-for-database';
import { logStream, startupLogger } from './logging';
import { purgeExpiredSessions } from './services/auth/session-user';

async function main(): Promise<void> {
  const env = loadEnv();
  // A database that is down or restarting when the instance starts is waited for, not a reason to exit at once.
  if (env.DATABASE_URL) {
    await waitForDatabase(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL, {
      waitSeconds: env.DB_STARTUP_WAIT_SECONDS,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      log: startupLogger(env),
    });
  }
  const database = await openDatabaseFromEnv(env);
  const app = await buildApp({ env, database, loggerStream: await logStream(env) });

  if (env.NODE_ENV === 'production' && env.INSECURE_HTTP) {
    app.log.warn(
      'INSECURE_HTTP=true in production: session cookies are not Secure and no HSTS is sent, so sign-ins travel ' +
        'in clear text. Only for a closed network without TLS; never on the internet.',
    );
  }

  // Demo data on first start of the embedded database in development; in production only with an explicit
  // SEED_DEMO_DATA=true (the demo accounts' passwords are published in the README). Several instances starting
  // at once on one PostgreSQL (npm run start:cluster, a rolling deploy) check and seed one after another.
  if (shouldSeedDemoData(env, database.kind)) {
    await oneInstanceAtATime(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL, database, async () => {
      if (!(await hasNoUsers(database))) return;
      const result = await seedDemoData(database.db);
      app.log.info({ sessions: result.sessions, bookings: result.bookings }, 'demo data created (see README for accounts)');
    });
  }
  if (env.NODE_ENV === 'production') await warnAboutDemoCredentials(app.log, database.db);

  app.emailWorker.start(env.EMAIL_WORKER_INTERVAL_MS);
  app.scheduler.start();

  const purge = setInterval(() => {
    purgeExpiredSessions(database.db).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
  }, 3_600_000);
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  app.log.info(`${env.BUSINESS_NAME} portal on http://localhost:${port} (database: ${database.kind})`);
  // A plain line, whatever LOG_LEVEL, for whoever just ran `npm start`. Under npm run start:cluster the primary
  // prints it once, when the first worker listens (cluster.ts).
  if (!cluster.isWorker) console.log(`Open ${openUrl(env, port)}`);
}

/** Arbitrary constant that names the start-up (demo data) lock among PostgreSQL advisory locks. */
const STARTUP_LOCK_ID = 727_274_002;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on a connection of its own, so instances
 * starting together run it one after another (the embedded database has one process only: it just runs).
 */
async function oneInstanceAtATime(url: string | undefined, database: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres' || !url) return work();
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {
    /* a lost connection ends the session and so releases the lock; the query in progress reports it */
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Every production start: a loud warning while a demo account or the demo webhook secret is still in use. */
async function warnAboutDemoCredentials(log: FastifyBaseLogger, db: Database): Promise<void> {
  const accounts = await accountsWithDemoPasswords(db);
  if (accounts.length) {
    log.error(
      { accounts },
      `DEMO ACCOUNTS IN PRODUCTION: ${accounts.length} account(s) still sign in with the password published in ` +
        'the README (SUPER_ADMIN included when owner@example.com is listed). Delete them or change their passwords now.',
    );
  }
  const webhooks = await webhooksWithDemoSecret(db);
  if (webhooks.length) {
    log.error(
      { webhooks },
      'DEMO WEBHOOK SECRET IN PRODUCTION: these webhook configurations are signed with the secret published in the ' +
        'README, so anyone can create accounts through them. Give each a new secret or delete it.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  // The database was unreachable (or went away during the start-up): a service manager or start:cluster tries again.
  process.exit(databaseTrouble(error) === 'unavailable' ? EXIT_DATABASE_UNREACHABLE : 1);
});
