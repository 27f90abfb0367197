import { loadEnv } from './env';
import { buildApp } from './app';
import { hasNoUsers, openDatabaseFromEnv } from './db/open-from-env';
import { seedDemoData } from './db/seed';
import { purgeExpiredSessions } from './services/auth/session-user';

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabaseFromEnv(env);
  const app = await buildApp({ env, database });

  // Demo data on first start of the embedded database (or when SEED_DEMO_DATA=true on any database).
  const seedWanted = env.SEED_DEMO_DATA ?? database.kind === 'pglite';
  if (seedWanted && (await hasNoUsers(database))) {
    const result = await seedDemoData(database.db);
    app.log.info({ sessions: result.sessions, bookings: result.bookings }, 'demo data created (see README for accounts)');
  }

  app.emailWorker.start();

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
  app.log.info(`${env.BUSINESS_NAME} portal on http://localhost:${env.PORT} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
