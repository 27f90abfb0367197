import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { HttpError } from '../../http-error';

/** Failed sign-ins allowed in one window, per account and per client address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 } as const;

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

async function failuresInWindow(db: Database, key: string, now: Date): Promise<number> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (!row) return 0;
  const windowEnds = row.windowStartedAt.getTime() + LOGIN_LIMITS.windowMinutes * 60_000;
  return windowEnds > now.getTime() ? row.failures : 0;
}

/** Refuses the attempt with 429 while the account or the address has too many recent failures. */
export async function assertLoginAllowed(db: Database, email: string, ip: string, now = new Date()): Promise<void> {
  const [byAccount, byAddress] = await Promise.all([
    failuresInWindow(db, accountKey(email), now),
    failuresInWindow(db, addressKey(ip), now),
  ]);
  if (byAccount >= LOGIN_LIMITS.perAccount || byAddress >= LOGIN_LIMITS.perAddress) {
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Please wait ${LOGIN_LIMITS.windowMinutes} minutes and try again.`,
    );
  }
}

/** Counts one failure for both keys; a window that has run out starts again at 1 (one atomic upsert each). */
export async function recordLoginFailure(db: Database, email: string, ip: string, now = new Date()): Promise<void> {
  const windowStart = sql`${new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000).toISOString()}::timestamptz`;
  const startedNow = sql`${now.toISOString()}::timestamptz`;
  for (const key of [accountKey(email), addressKey(ip)]) {
    await db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart} then ${startedNow} else ${loginFailures.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's counter (the address keeps its own). */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}
