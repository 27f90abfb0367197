import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../db/client';
import { rowsOf as parseRows } from '../db/rows-of';

/*
 * What the parity tests (docs/development.md, "Parity tests") share: each generated case runs in a transaction that
 * is rolled back, so one migrated database serves a whole file and every case starts from the same rows; and the
 * answers of the SQL functions are read through a zod schema, never cast.
 */

/**
 * A property's time limit: its cases take a few seconds on a quiet machine, several times that on a busy one (and
 * FC_RUNS may ask for many more cases).
 */
export const PROPERTY_TIMEOUT_MS = 180_000;

class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back, and answers what `work` answered. */
export async function rolledBack<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (!result) throw new Error('The rolled-back transaction answered nothing');
  return result.value;
}

/** The rows of one statement, each checked against `row` (the server's own boundary, db/rows-of.ts). */
export async function rowsOf<S extends z.ZodType>(db: DbOrTx, query: SQL, row: S): Promise<Array<z.output<S>>> {
  return parseRows(row, await db.execute(query), 'a parity test query');
}
