import type { Database, Tx } from './client';

/**
 * The one home of consistent reads (docs/decisions/014-unit-of-work.md): runs `read` in a REPEATABLE READ,
 * READ ONLY transaction, so several queries (the pages of an export) see one snapshot and a row added or
 * removed meanwhile is neither skipped nor read twice. Nothing can be written in it, so it has nothing to
 * announce or mail: changing data stays the unit of work's (db/unit-of-work.ts).
 */
export function readSnapshot<T>(db: Database, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
