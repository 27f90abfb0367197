import { sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../db/client';

/** The NOTIFY channel of migration 0005 (its triggers name the topics listed there). */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Where a request collects the topics its transactions left to announce: the answer's fence sends them with
 * its marker in one statement (plugins/read-caches.ts). Without one, they are sent right after the commit.
 */
export type AnnouncementCollector = string[];

/** Sends change topics (and, last, any marker) in one statement of its own: a NOTIFY outside any write. */
export async function announce(db: DbOrTx, topics: readonly string[]): Promise<void> {
  if (!topics.length) return;
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, topic) from unnest(${sql.param([...topics])}::text[]) as topic`);
}

/**
 * A transaction whose change notifications are sent after its commit rather than by it (migration 0005,
 * portal_announce): a NOTIFY inside a writing transaction holds PostgreSQL's global notification lock until
 * the commit is flushed, so concurrent bookings would commit one at a time. The triggers still decide the
 * topics; they are read just before the commit and announced right after it — to `collector` when the caller
 * sends them itself (a request's fence), otherwise here. A rollback announces nothing (nothing changed).
 */
export async function transactionAnnouncedAfterCommit<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  collector?: AnnouncementCollector,
): Promise<T> {
  let pending = '';
  const value = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.defer_announcements', 'on', true)`);
    const result = await work(tx);
    const read = await tx.execute(sql`select current_setting('portal.pending_announcements', true) as pending`);
    pending = (read as unknown as { rows: Array<{ pending: string | null }> }).rows[0]?.pending ?? '';
    return result;
  });
  const topics = [...new Set(pending.split('\n').filter(Boolean))];
  if (collector) collector.push(...topics);
  else await announce(db, topics);
  return value;
}
