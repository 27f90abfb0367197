import { and, asc, gte, lte, sql } from 'drizzle-orm';
import { formatShortDate } from '../../../shared/rules/format';
import { closureOn } from '../../../shared/rules/closures';
import { torontoDateKey } from '../../../shared/rules/week';
import type { DbOrTx, Tx } from '../../db/client';
import { closures } from '../../db/schema';
import { HttpError } from '../../http-error';

export type ClosureRow = typeof closures.$inferSelect;

/**
 * The closures' lock (decision 022, step 1: an advisory lock before any row): closing days takes it exclusively, so
 * two overlapping closures cannot both pass the overlap check; creating sessions takes it shared, so a session cannot
 * be created on a day while that day is being closed (it waits, then sees the closure).
 */
const CLOSURES_LOCK = sql`hashtextextended('portal:closures', 0)`;
export const lockClosuresExclusive = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${CLOSURES_LOCK})`);
export const lockClosuresShared = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock_shared(${CLOSURES_LOCK})`);

/** The closures that touch the Toronto dates from `first` to `last` (YYYY-MM-DD, both included), by start date. */
export function closuresBetween(db: DbOrTx, first: string, last: string): Promise<ClosureRow[]> {
  return db
    .select()
    .from(closures)
    .where(and(lte(closures.startDate, last), gte(closures.endDate, first)))
    .orderBy(asc(closures.startDate));
}

/** The closure holding a Toronto date, if any. */
export const closureHolding = (rows: readonly ClosureRow[], dateKey: string): ClosureRow | undefined => closureOn(rows, dateKey);

/** The 409 of a new session on a closed day: names the day and the closure's reason, and says to reopen it first. */
export function dayClosedError(startsAt: Date, closure: Pick<ClosureRow, 'reason'>): HttpError {
  return new HttpError(409, `${formatShortDate(startsAt)} is closed (${closure.reason}). Reopen the day first to add a session on it.`, {
    code: 'DAY_CLOSED',
  });
}

/** A single new session: refused on a closed day (takes the closures' lock shared first). */
export async function assertDayOpen(tx: Tx, startsAt: Date): Promise<void> {
  await lockClosuresShared(tx);
  const day = torontoDateKey(startsAt);
  const [closure] = await closuresBetween(tx, day, day);
  if (closure) throw dayClosedError(startsAt, closure);
}
