import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The NOTIFY channel of migration 0005 (its triggers name the topics listed there). */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Sends change topics (and, last, any fence marker) in one statement of its own: a NOTIFY outside any write
 * (ReadCaches.committed batches the topics of many commits into one call).
 */
export async function announce(db: DbOrTx, topics: readonly string[]): Promise<void> {
  if (!topics.length) return;
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, topic) from unnest(${sql.param([...topics])}::text[]) as topic`);
}
