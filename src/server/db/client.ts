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
import { assertDiskSpace, checkWrite, diskFullError, isDiskFull } from './write-check';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN to a notification channel (a dedicated connection on PostgreSQL; in process on PGlite). */
  listen(channel: string, listener: ChannelListener): Promise<Subscription>;
  /**
   * Readiness's write check: a tiny write rolled back (and on the embedded database a small file written in its
   * folder); rejects when it fails or takes longer than `timeoutMs` (db/write-check.ts).
   */
  checkWrite(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as an uncompressed tarball (loadDataDir starts a copy from it). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: hands the warnings the functions raise on the app's connections (a waitlist entry that could not
   * be promoted, src/server/db/functions/portal_promote_waitlist.sql) to the listener, for the server's log. PGlite keeps its notices to itself.
   */
  onNotice?(listener: (notice: DatabaseNotice) => void): void;
}

/** A NOTICE or WARNING the database sent with a statement's answer. */
export interface DatabaseNotice {
  severity?: string | undefined;
  message: string;
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
      /** Longest a statement may run (server-side `statement_timeout`; the client gives up a second later). Default 15 s. */
      statementTimeoutMs?: number | undefined;
      /** Longest wait for a connection (a new one, or a free one of the pool). Default 5 s. */
      connectTimeoutMs?: number | undefined;
    }
  | {
      kind: 'pglite';
      dataDir?: string /* omitted: in memory */;
      /** In memory only: start from this dump of a data folder (tests: a database migrated once per run). */
      loadDataDir?: Blob;
    };

/** Arbitrary constant that names the migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 727_274_001;

/** DB_STATEMENT_TIMEOUT_MS and DB_CONNECT_TIMEOUT_MS's defaults (env.ts). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** How much longer than statement_timeout the client waits for an answer before it gives up on the connection. */
const CLIENT_GRACE_MS = 1_000;

/**
 * Opens the database and applies the generated migrations. On PostgreSQL an advisory lock makes
 * several instances starting at once apply them one after another.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const directUrl = options.directUrl ?? options.url;
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    // The session-level lock and the migrations on one connection of their own (never a pooled one), with no
    // statement timeout: a migration may take long, and the lock waits for another instance's migrations.
    const migrator = new pg.Client({ connectionString: directUrl, application_name: 'portal-migrations', connectionTimeoutMillis: connectTimeoutMs });
    migrator.on('error', () => {
      /* a lost connection fails the migration query in progress, which fails the start-up */
    });
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await migrator.end().catch(() => undefined);
    }
    // A database that stops answering (frozen, a network partition) fails a request within the timeouts instead
    // of holding it: connectionTimeoutMillis bounds the wait for a connection, statement_timeout makes the server
    // cancel a statement (57014), and query_timeout makes the client give up when the server cannot even do that.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
      // A transaction-mode pooler (DATABASE_DIRECT_URL set) refuses this start-up parameter: set statement_timeout
      // on the database role there (docs/operations.md); the client's query_timeout applies either way.
      ...(options.directUrl ? {} : { statement_timeout: statementTimeoutMs }),
      query_timeout: statementTimeoutMs + CLIENT_GRACE_MS,
      keepAlive: true,
    });
    pool.on('error', () => {
      /* idle client errors are reported by the query that meets them */
    });
    const noticeListeners: Array<(notice: DatabaseNotice) => void> = [];
    // Every connection handles its errors, also while it is checked out for a unit of work (the pool listens only
    // while a connection is idle): without a listener a restart of PostgreSQL (57P01 'terminating connection due to
    // administrator command') is an unhandled 'error' event that ends the process. The query in progress, if any,
    // fails with the error; the connection is no longer queryable and is dropped when released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      client.on('notice', (notice) => {
        for (const listener of noticeListeners) listener({ severity: notice.severity, message: notice.message ?? '' });
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      listen: (channel, listener) => listenOnPostgres(directUrl, channel, listener, { connectTimeoutMs }),
      checkWrite: (timeoutMs) => checkWrite(db, null, timeoutMs),
      close: () => pool.end(),
      onNotice: (listener) => noticeListeners.push(listener),
    };
  }

  // pg_trgm backs the users search indexes (migration 0002); PGlite loads an extension when the client is made.
  const extensions = { pg_trgm };
  let client: PGlite;
  let lock: { release(): void } | null = null;
  const folder = options.dataDir ? path.join(options.dataDir, 'pglite') : null;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    // On a full disk PGlite only aborts ('Failed query: CREATE SCHEMA …'): say which disk and which folder instead.
    await assertDiskSpace(folder);
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
      checkWrite: (timeoutMs) => checkWrite(pgliteDb as unknown as Database, folder, timeoutMs),
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    lock?.release();
    if (folder && (await isDiskFull(folder))) throw await diskFullError(folder, err);
    throw err;
  }
}
