import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Tx } from './client';
import { retryConflicts, type ConflictRetryOptions } from './conflict-retry';

/**
 * The topic the email_outbox trigger leaves when a transaction queues a message (migration 0007): the unit
 * of work wakes the e-mail worker after the commit instead of announcing it to the read caches.
 */
export const OUTBOX_TOPIC = 'outbox';

/** Runs one change in its own transaction (runUnitOfWork below): what app.unitOfWork and request.unitOfWork are. */
export type UnitOfWork = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The staff member whose unit of work this is (issue 34, decision 030): the change is written to the activity log
 * in the same transaction, as `kind`, from `address`. Parents, the CRM and scheduled jobs run without one.
 */
export interface ActivityActor {
  id: string;
  role: string;
  name: string;
  kind: string;
  address: string | null;
}

/** What a unit of work tells once its transaction has committed (never after a rollback). */
export interface AfterCommit {
  /** The change topics the triggers left: the read caches drop what they tag, here and on every instance. */
  announce(topics: readonly string[]): void | Promise<void>;
  /** The transaction queued e-mail: the worker should run now. */
  mailQueued(): void;
}

const DEFER = sql`select set_config('portal.defer_announcements', 'on', true)`;
const PENDING = sql`select current_setting('portal.pending_announcements', true) as pending`;
/** The activity log's entry of a staff member's change (src/server/db/functions/portal_activity_flush.sql). */
const FLUSH_ACTIVITY = sql`select portal_activity_flush()`;
const actorSetting = (actor: ActivityActor) => sql`select set_config('portal.activity_actor', ${JSON.stringify(actor)}, true)`;

/**
 * The one way to change data (docs/decisions/014-unit-of-work.md): runs `work` in one transaction, collects
 * what the commit must be followed by, commits, then tells `after`.
 *
 * - Cache announcements: the triggers of migration 0005 decide the topics, and with
 *   `portal.defer_announcements` on they only note them in a transaction-local setting (a NOTIFY inside a
 *   writing transaction holds PostgreSQL's global notification lock until the commit is flushed, so concurrent
 *   writes would commit one at a time). They are read just before the commit and handed over after it.
 * - Outbox work: a queued e-mail leaves the `outbox` topic (trigger of migration 0007), so whatever service
 *   wrote the row, the mailer is woken after the commit, and only then.
 * - The activity log (issue 34): with an `actor`, the audited tables' triggers note each row change and the entry is
 *   written just before the commit (portal_activity_capture.sql, portal_activity_flush.sql): the change and its entry
 *   commit or roll back together, and a service never writes an entry itself.
 * A rollback (a refusal, an error) tells nothing: nothing changed.
 * A transaction PostgreSQL failed for a deadlock or a serialization failure runs again, whole, a few times
 * (`retry`, db/conflict-retry.ts, decision 022): `work` may therefore run more than once and must change nothing but
 * the database; only the attempt that committed is told.
 */
export async function runUnitOfWork<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  after: AfterCommit,
  retry: ConflictRetryOptions = {},
  actor?: ActivityActor,
): Promise<T> {
  const pool = pgPoolOf(db);
  const { value, pending } = await retryConflicts(() => (pool ? pgTransaction(db, pool, work, actor) : drizzleTransaction(db, work, actor)), retry);
  const topics = new Set(pending.split('\n').filter(Boolean));
  if (topics.delete(OUTBOX_TOPIC)) after.mailQueued();
  await after.announce([...topics]);
  return value;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** PGlite: Drizzle's transaction (it also holds the embedded database's transaction lock; round trips are in-process). */
async function drizzleTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>, actor?: ActivityActor): Promise<{ value: T; pending: string }> {
  let pending = '';
  const value = await db.transaction(async (tx) => {
    await tx.execute(DEFER);
    if (actor) await tx.execute(actorSetting(actor));
    const result = await work(tx);
    if (actor) await tx.execute(FLUSH_ACTIVITY);
    pending = rowsOf<{ pending: string | null }>(await tx.execute(PENDING))[0]?.pending ?? '';
    return result;
  });
  return { value, pending };
}

function pgPoolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** The parts of a Drizzle database a transaction on a checked-out connection is built from. */
interface DrizzleParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: ConstructorParameters<typeof NodePgSession>[3] };
}

/**
 * PostgreSQL: the same transaction in two round trips fewer. The opening and the deferral go in one message
 * (`begin; select set_config(…)`), as do the reading of the noted topics and the commit (`select …; commit`):
 * the simple query protocol runs several statements per message, and stops at the first that fails. The work gets a Drizzle transaction on the
 * checked-out connection (savepoints included), exactly what `db.transaction` would give it.
 */
async function pgTransaction<T>(
  db: Database,
  pool: pg.Pool,
  work: (tx: Tx) => Promise<T>,
  actor?: ActivityActor,
): Promise<{ value: T; pending: string }> {
  const parts = db as unknown as DrizzleParts;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`begin; ${sqlText(DEFER)}`);
    const session = new NodePgSession(client, parts.dialect, parts.session.schema, parts.session.options);
    const tx = new NodePgTransaction(parts.dialect, session, parts.session.schema) as unknown as Tx;
    let value: T;
    try {
      // The actor is a parameter (a name, an address): its own round trip, for staff writes only.
      if (actor) await tx.execute(actorSetting(actor));
      value = await work(tx);
    } catch (error) {
      // A lost or timed-out connection is not waited on for a rollback: the server rolls back when it closes.
      if (error instanceof Error && isConnectionError(error)) {
        broken = error;
      } else {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw error;
    }
    const closing = `${actor ? `${sqlText(FLUSH_ACTIVITY)}; ` : ''}${sqlText(PENDING)}; commit`;
    let results: pg.QueryResult[];
    try {
      results = (await client.query(closing)) as unknown as pg.QueryResult[];
    } catch (error) {
      // The message stopped at the failed statement (the activity entry, or the commit): nothing is committed, and the
      // connection goes back to the pool outside any transaction.
      if (error instanceof Error && !isConnectionError(error)) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw error;
    }
    const pendingRow = results[actor ? 1 : 0]?.rows[0] as { pending: string | null } | undefined;
    return { value, pending: pendingRow?.pending ?? '' };
  } catch (error) {
    // A connection whose transaction state is unknown is not given back to the pool.
    if (!(error instanceof Error) || broken || isConnectionError(error)) broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The text of a statement without parameters. */
function sqlText(statement: ReturnType<typeof sql>): string {
  return (statement.queryChunks as Array<{ value?: string[] }>).map((chunk) => chunk.value?.join('') ?? '').join('');
}

function isConnectionError(error: Error): boolean {
  // Drizzle wraps the driver's error ('Failed query: …', the driver's error as its cause).
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return isConnectionError(cause);
  const code = (error as { code?: string }).code;
  // 'Query read timeout' (query_timeout, DB_STATEMENT_TIMEOUT_MS): the statement may still be running on it.
  return code === undefined ? /connection|terminat|ECONN|timeout/i.test(error.message) : /^(08|57P)/.test(code);
}
