import { sql } from 'drizzle-orm';
import type { Env } from '../env';
import { openDatabase, type DatabaseHandle } from './client';
import { users } from './schema';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database under DATA_DIR. */
export function openDatabaseFromEnv(env: Env): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({
        kind: 'postgres',
        url: env.DATABASE_URL,
        directUrl: env.DATABASE_DIRECT_URL,
        statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
        connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      })
    : openDatabase({ kind: 'pglite', dataDir: env.dataDir });
}

export async function hasNoUsers(handle: DatabaseHandle): Promise<boolean> {
  const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}
