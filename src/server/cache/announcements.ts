import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The NOTIFY channel of migration 0005 (its triggers name the topics listed there). */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Where a request collects the topics its unit of work left to announce (db/unit-of-work.ts): the answer's
 * fence sends them with its marker in one statement (plugins/read-caches.ts).
 */
export type AnnouncementCollector = string[];

/** Sends change topics (and, last, any marker) in one statement of its own: a NOTIFY outside any write. */
export async function announce(db: DbOrTx, topics: readonly string[]): Promise<void> {
  if (!topics.length) return;
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, topic) from unnest(${sql.param([...topics])}::text[]) as topic`);
}
