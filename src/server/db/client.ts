import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { acquireDataDirLock } from './data-dir-lock';
import { listenOnPostgres, type ChannelListener, type Subscription } from './pg-listener';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN to a notification channel (a dedicated connection on PostgreSQL; in process on PGlite). */
  listen(channel: string, listener: ChannelListener): Promise<Subscription>;
  close(): Promise<void>;
  /** PGlite only: the data folder as an uncompressed tarball (loadDataDir starts a copy from it). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * A direct (or session-pooled) address for what needs a session of its own: the migration lock and the
       * LISTEN connection. Default: `url`. Set it when `url` goes through a transaction-mode pooler.
       */
      directUrl?: string | undefined;
    }
  | {
      kind: 'pglite';
      dataDir?: string /* omitted: in memory */;
      /** In memory only: start from this dump of a data folder (tests: a database migrated once per run). */
      loadDataDir?: Blob;
    };

/** Arbitrary constant that names the migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * Opens the database and applies the generated migrations. On PostgreSQL an advisory lock makes
 * several instances starting at once apply them one after another.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const directUrl = options.directUrl ?? options.url;
    // The session-level lock and the migrations on one connection of their own (never a pooled one).
    const migrator = new pg.Client({ connectionString: directUrl, application_name: 'portal-migrations' });
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await migrator.end().catch(() => undefined);
    }
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported by the query that meets them */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', listen: (channel, listener) => listenOnPostgres(directUrl, channel, listener), close: () => pool.end() };
  }

  // pg_trgm backs the users search indexes (migration 0002); PGlite loads an extension when the client is made.
  const extensions = { pg_trgm };
  let client: PGlite;
  let lock: { release(): void } | null = null;
  if (options.dataDir) {
    const folder = path.join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    // One process per data folder: two PGlite instances on the same files would corrupt them.
    lock = acquireDataDirLock(folder);
    client = new PGlite(folder, { extensions });
  } else {
    client = new PGlite(options.loadDataDir ? { extensions, loadDataDir: options.loadDataDir } : { extensions });
  }
  try {
    // A new 16 MB WAL segment is written full of zeros first (wal_init_zero): PGlite does it in this thread, and
    // in memory (the tests' databases) by growing the file's buffer step by step, a stall of a few hundred ms
    // in the middle of a large write such as a CSV import. Without it the segment is only extended. PGlite runs
    // without fsync anyway; this changes nothing of what a commit keeps.
    await client.exec('set wal_init_zero = off');
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    return {
      db: pgliteDb as unknown as Database,
      kind: 'pglite',
      // PGlite runs in this process: a notification reaches the listener before the committing query resolves.
      async listen(channel, listener) {
        const unsubscribe = await client.listen(channel, (payload) => listener.message(payload));
        listener.reset(true);
        return { close: () => unsubscribe() };
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
}
