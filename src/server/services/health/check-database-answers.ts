import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withTimeout } from '../../db/write-check';

/** The readiness probe's first question (routes/health.ts): the database answers a `select 1` within `timeoutMs`; rejects otherwise. */
export async function checkDatabaseAnswers(db: Database, timeoutMs: number): Promise<void> {
  await withTimeout(db.execute(sql`select 1`), timeoutMs);
}
